/**
 * Reads guests' QR codes with the device's camera: the browser's own BarcodeDetector where it has one (Chrome on
 * Android and macOS), otherwise jsQR on video frames (docs/decisions/016-check-in-scanning.md). The same code seen
 * again within a few seconds is ignored, so a guest holding their phone up is checked in once.
 */
import { useEffect, useRef, useState } from "react";

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

const REPEAT_MS = 4000;

export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const seen = new Map<string, number>();
    const canvas = document.createElement("canvas");

    function found(text: string) {
      const now = Date.now();
      if ((seen.get(text) ?? 0) > now - REPEAT_MS) return;
      seen.set(text, now);
      latest.current(text);
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(
          "This device has no camera the page can use. Type the guest's name, or use a handheld scanner in the search box.",
        );
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        setProblem("The camera could not be opened. Allow camera access for this site, or search by name instead.");
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const detector = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
      const { default: jsQR } = detector ? { default: null } : await import("jsqr");

      const scan = async () => {
        if (stopped || !video.current) return;
        const source = video.current;
        if (source.readyState >= source.HAVE_ENOUGH_DATA) {
          if (detector) {
            const codes = await detector.detect(source).catch(() => []);
            if (codes[0]) found(codes[0].rawValue);
          } else if (jsQR) {
            canvas.width = source.videoWidth;
            canvas.height = source.videoHeight;
            const context = canvas.getContext("2d", { willReadFrequently: true });
            if (context) {
              context.drawImage(source, 0, 0, canvas.width, canvas.height);
              const image = context.getImageData(0, 0, canvas.width, canvas.height);
              const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
              if (code) found(code.data);
            }
          }
        }
        frame = requestAnimationFrame(() => void scan());
      };
      void scan();
    }

    void start();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="door-scanner">
      {problem ? (
        <p className="door-scanner__problem" role="alert">
          {problem}
        </p>
      ) : (
        <video
          ref={video}
          className="door-scanner__video"
          muted
          playsInline
          aria-label="Camera: hold the guest's QR code up to it"
        />
      )}
    </div>
  );
}
