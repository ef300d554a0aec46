/**
 * Test pictures made at run time: a PNG with a soft gradient and a darker "pothole" so screenshots look
 * like a photo was attached, and a 1x1 transparent PNG to answer map tile requests offline.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      rows.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A road-coloured picture with a dark ellipse, `width` x `height`. */
export function roadPhotoPng(width = 480, height = 320): Buffer {
  return png(width, height, (x, y) => {
    const dx = (x - width * 0.55) / (width * 0.22);
    const dy = (y - height * 0.6) / (height * 0.18);
    if (dx * dx + dy * dy < 1) return [45, 40, 38, 255];
    const shade = 110 + Math.round((y / height) * 60);
    return [shade, shade - 6, shade - 14, 255];
  });
}

export const EMPTY_TILE_PNG = png(1, 1, () => [0, 0, 0, 0]);

/** Black and white squares of `cell` px: the most detail a blur can take away (photo redaction). */
export function checkerboardPng(width = 480, height = 320, cell = 8): Buffer {
  return png(width, height, (x, y) => ((Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? [250, 250, 250, 255] : [10, 10, 10, 255]));
}
