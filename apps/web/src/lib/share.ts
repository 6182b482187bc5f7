/** Share links for the social buttons; each opens the network's own share page. */
export const shareLinks = {
  whatsapp: (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  twitter: (text: string, url: string) =>
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  linkedin: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  telegram: (text: string, url: string) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
};

/** A chat with support's WhatsApp `number` (digits, from the server's SUPPORT_WHATSAPP), optionally with a prefilled message. */
export const supportWhatsApp = (number: string, message?: string) =>
  `https://wa.me/${number}${message ? `?text=${encodeURIComponent(message)}` : ''}`;

/** The number as people read it: +2348031234567. */
export const whatsAppDisplay = (number: string) => `+${number}`;
