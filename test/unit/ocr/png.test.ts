import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { encodeGrayPng } from '../../../src/node/ocr/png';

test('the PNG encoder writes a valid greyscale PNG whose pixels read back', () => {
  const width = 5;
  const height = 3;
  const gray = Uint8Array.from({ length: width * height }, (_, i) => (i * 17) & 0xff);
  const png = encodeGrayPng(gray, width, height);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR
  assert.equal(png.toString('ascii', 12, 16), 'IHDR');
  assert.equal(png.readUInt32BE(16), width);
  assert.equal(png.readUInt32BE(20), height);
  assert.equal(png[24], 8);
  assert.equal(png[25], 0);
  // the IHDR CRC is the standard CRC-32 of type + data
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  assert.equal(png.readUInt32BE(29), crc(png.subarray(12, 29)));
  const idatLen = png.readUInt32BE(33);
  assert.equal(png.toString('ascii', 37, 41), 'IDAT');
  const raw = inflateSync(png.subarray(41, 41 + idatLen));
  for (let y = 0; y < height; y++) {
    assert.equal(raw[y * (width + 1)], 0, 'filter type none');
    assert.deepEqual([...raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1))], [...gray.subarray(y * width, (y + 1) * width)]);
  }
  assert.equal(png.toString('ascii', png.length - 8, png.length - 4), 'IEND');
});

test('a bad raster size is refused', () => {
  assert.throws(() => encodeGrayPng(new Uint8Array(3), 2, 2), RangeError);
  assert.throws(() => encodeGrayPng(new Uint8Array(4), 0, 2), RangeError);
});
