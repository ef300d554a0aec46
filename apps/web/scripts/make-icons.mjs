// Writes the web app's install icons (issue 17, item 5) from the logo in public/favicon.svg:
//   icon-192.png, icon-512.png            purpose "any": the logo as it is (rounded square, pulse line)
//   icon-maskable-192.png, -512.png       purpose "maskable": full-bleed brand colour, the pulse line inside
//                                          the central 80 % circle every launcher mask keeps
//   apple-touch-icon.png (180)            full bleed too: iOS rounds the corners itself
// Run it after changing the logo:  node apps/web/scripts/make-icons.mjs   (sharp comes with apps/server).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const fill = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(logo)?.[1];
const line = /<path[^>]*\sd="([^"]+)"[^>]*>/.exec(logo);
if (!fill || !line) throw new Error('favicon.svg no longer has the rect fill and path this script reads');
const stroke = /stroke="([^"]+)"/.exec(line[0])?.[1] ?? '#fff';
const strokeWidth = /stroke-width="([^"]+)"/.exec(line[0])?.[1] ?? '2.6';

// The logo's 32-unit box, scaled to 62 % around its centre: the line spans x 4..28, so it ends up well
// inside the maskable safe zone (a circle of radius 0.4 × size).
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${fill}"/>
  <g transform="translate(16 16) scale(0.62) translate(-16 -16)">
    <path d="${line[1]}" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;

async function render(svg, size, file) {
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(path.join(publicDir, file), png);
  console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
}

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed, 192, 'icon-maskable-192.png');
await render(fullBleed, 512, 'icon-maskable-512.png');
await render(fullBleed, 180, 'apple-touch-icon.png');
