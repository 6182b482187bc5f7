import type { EntryType } from '@contesthub/shared';

/** Accepted files by contest entry type (spec 000 §2 Submit-entry modal; audio as the server takes it). */
export const ACCEPTED_FILES: Record<EntryType, { accept: string; text: string }> = {
  photo: { accept: 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp', text: 'JPG, PNG, GIF, WEBP' },
  video: { accept: 'video/mp4,video/x-msvideo,video/quicktime,video/webm,.mp4,.avi,.mov,.webm', text: 'MP4, AVI, MOV, WEBM' },
  audio: { accept: 'audio/*,.mp3,.wav,.ogg,.m4a,.aac,.webm', text: 'MP3, WAV, OGG, M4A, AAC, WEBM' },
  article: {
    accept:
      '.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain',
    text: 'PDF, DOC, DOCX, TXT',
  },
};
