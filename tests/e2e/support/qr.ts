// Reading a QR code from a PNG, as the door's scanner would (jsQR, the same decoder the door uses without
// BarcodeDetector).
import jsQR from "jsqr";
import { PNG } from "pngjs";

export function readQrCode(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error("No QR code in the image");
  return code.data;
}
