/** Device description from a User-Agent header: used by the sessions list and the login alert mail. */
export interface DeviceInfo {
  browser: string;
  os: string;
  mobile: boolean;
  /** e.g. "Chrome on Windows", or "Unknown device" when nothing could be read. */
  label: string;
}

// Order matters: many browsers also claim to be Chrome and Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
  [/\bPostmanRuntime\//, 'Postman'],
  [/\bcurl\//, 'curl'],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A friendly "browser on system" name for a session's user agent. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent?.trim() ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? '';
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '';
  const mobile = /\bMobile\b|\bAndroid\b|\biPhone\b|\biPad\b/.test(ua);
  const label = browser && os ? `${browser} on ${os}` : browser || os || 'Unknown device';
  return { browser: browser || 'Unknown browser', os: os || 'Unknown system', mobile, label };
}
