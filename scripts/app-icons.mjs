#!/usr/bin/env node
// The installed app's icons, made from the favicon's mark: `node scripts/app-icons.mjs` writes the
// PNGs in public/icons/ (committed; run it again only when the mark changes). "any" icons keep
// the favicon's rounded square; maskable ones fill the square and keep the K inside the middle
// 80 % that every platform's mask leaves visible; Apple's touch icon is opaque and square (iOS
// rounds it itself).
import sharp from 'sharp';

const BRAND = '#2c56d9';
const K = 'M10 7h4v7.2L20.2 7H25l-7 7.6L25.4 25h-4.9l-5.2-7.5-1.3 1.4V25h-4z';
const svg = (background, scale) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}` +
      `<g transform="translate(16 16) scale(${scale}) translate(-17.7 -16)"><path d="${K}" fill="#fff"/></g></svg>`,
  );
const ROUNDED = `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`;
const FULL = `<rect width="32" height="32" fill="${BRAND}"/>`;

const icons = [
  { file: 'icon-192.png', size: 192, art: svg(ROUNDED, 1) },
  { file: 'icon-512.png', size: 512, art: svg(ROUNDED, 1) },
  { file: 'maskable-192.png', size: 192, art: svg(FULL, 0.7) },
  { file: 'maskable-512.png', size: 512, art: svg(FULL, 0.7) },
  { file: 'apple-touch-icon.png', size: 180, art: svg(FULL, 0.85) },
];
for (const { file, size, art } of icons) {
  await sharp(art, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/icons/${file}`);
  console.log(`public/icons/${file}`);
}
