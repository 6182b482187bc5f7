import { formatNumber } from '@contesthub/shared';

/** Milliseconds as people read them: '—' when unmeasured, '850 ms', '1.2 s'. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms >= 1000) return `${formatNumber(Math.round(ms / 100) / 10)} s`;
  return `${formatNumber(Math.round(ms * 10) / 10)} ms`;
}

/** Bytes in KB, MB or GB (1024-based, one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** A short duration: '45 s', '3 min', '2 h 5 min'. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** Uptime: '12m 5s', '5h 12m', '3d 4h'. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m ${s}s`;
}
