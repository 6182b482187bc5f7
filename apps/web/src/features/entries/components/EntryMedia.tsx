import { useState } from 'react';
import { ExternalLink, FileText, ImageOff, Music } from 'lucide-react';
import type { TEntry, TEntryMedia } from '@contesthub/shared';
import { CARD_SIZES, ResponsiveImage } from '../../../components/ui/responsive-image';

function Placeholder({ icon: Icon, text }: { icon: typeof ImageOff; text: string }) {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-slate-950 text-sm text-slate-400">
      <Icon className="h-8 w-8" aria-hidden />
      {text}
    </div>
  );
}

/** A photo in the card's 16:9 box: chosen among its stored widths; older uploads show their thumbnail. */
function Photo({ media, alt, sizes }: { media: TEntryMedia; alt: string; sizes: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Placeholder icon={ImageOff} text="Image not available" />;
  return (
    <ResponsiveImage
      src={media.variants ? media.url : media.thumbnailUrl || media.url}
      variants={media.variants}
      width={media.width}
      height={media.height}
      sizes={sizes}
      alt={alt}
      onError={() => setFailed(true)}
      className="aspect-video w-full bg-slate-950 object-cover"
    />
  );
}

/** The entry's media by type (spec 000 §2 All entries); `sizes`: how wide it is shown (a card by default). */
export function EntryMedia({ entry, sizes = CARD_SIZES }: { entry: TEntry; sizes?: string }) {
  const media = entry.media[0];
  if (!media) return <Placeholder icon={FileText} text="Preview not available" />;
  switch (entry.entryType) {
    case 'photo':
      return <Photo key={media.url} media={media} alt={entry.title} sizes={sizes} />;
    case 'video':
      return (
        <video
          controls
          preload="metadata"
          src={media.url}
          poster={media.thumbnailUrl}
          aria-label={`Video: ${entry.title}`}
          className="aspect-video w-full bg-black"
        />
      );
    case 'audio':
      return (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-emerald-950 via-slate-950 to-amber-950/40 px-4">
          <Music className="h-10 w-10 text-emerald-300" aria-hidden />
          <audio controls preload="metadata" src={media.url} aria-label={`Audio: ${entry.title}`} className="w-full max-w-xs" />
        </div>
      );
    case 'article':
      return (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-900 to-slate-950">
          <FileText className="h-10 w-10 text-amber-300" aria-hidden />
          <a
            href={media.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-emerald-300 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            Click to View PDF <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      );
  }
}
