import { SUPPORT_WHATSAPP_NUMBER } from '@contesthub/shared';

/** Share links for the social buttons; each opens the network's own share page. */
export const shareLinks = {
  whatsapp: (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  twitter: (text: string, url: string) =>
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  linkedin: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  telegram: (text: string, url: string) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
};

/** A chat with support on WhatsApp, optionally with a prefilled message. */
export const supportWhatsApp = (message?: string) =>
  `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
