/**
 * The live auction's record as /admin/setup/live_auction edits it (client-safe): when it runs (wall times in the
 * event's zone), the room's capacity (50 for a new one), and the seat chart the room's screens show: an
 * image (url) placed at x, y (pixels from the top left of a 1920 × 1080 screen), scaled and faded (opacity 0–1),
 * with the paddle pointer of the live lot's leader at px, py (pixels on the chart) and pz (its size in pixels).
 */
import { z } from "zod";
import { imageAddress } from "~/forms/rules";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export const LIVE_SETTINGS_FORM = "live-auction";
export const CAPACITY_MAX = 100_000;
export const SCREEN = { width: 1920, height: 1080 } as const;

const postedText = () => z.string().trim().default("");

/** A number typed as text, or null when blank; a message when it is not a number in range. */
const optionalNumber = (min: number, max: number, message: string) =>
  postedText().transform((text, context): number | null => {
    if (text === "") return null;
    const number = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isFinite(number) && number >= min && number <= max) return number;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });

export function liveAuctionSchema(timeZone: string) {
  return z
    .object({
      start_date_time: zonedDateTimeSchema(timeZone),
      end_date_time: zonedDateTimeSchema(timeZone),
      capacity: postedText().transform((text, context) => {
        if (/^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= CAPACITY_MAX) return Number(text);
        context.addIssue({
          code: "custom",
          message: `Enter how many guests the room seats, from 1 to ${CAPACITY_MAX}.`,
        });
        return z.NEVER;
      }),
      seat_chart_url: imageAddress,
      seat_chart_x: optionalNumber(
        -SCREEN.width,
        SCREEN.width,
        `Enter pixels from −${SCREEN.width} to ${SCREEN.width}.`,
      ),
      seat_chart_y: optionalNumber(
        -SCREEN.height,
        SCREEN.height,
        `Enter pixels from −${SCREEN.height} to ${SCREEN.height}.`,
      ),
      seat_chart_scale: optionalNumber(0.05, 10, "Enter a scale from 0.05 to 10, such as 1 or 0.5."),
      seat_chart_opacity: optionalNumber(0, 1, "Enter an opacity from 0 (invisible) to 1 (solid), such as 0.8."),
      seat_chart_px: optionalNumber(0, 10_000, "Enter pixels on the chart, from 0 to 10000."),
      seat_chart_py: optionalNumber(0, 10_000, "Enter pixels on the chart, from 0 to 10000."),
      seat_chart_pz: optionalNumber(1, 1_000, "Enter the pointer's size in pixels, from 1 to 1000."),
    })
    .superRefine(({ start_date_time: start, end_date_time: end }, context) => {
      if (start instanceof Date && end instanceof Date && end <= start) {
        context.addIssue({
          code: "custom",
          path: ["end_date_time"],
          message: "The live auction must end after it starts.",
        });
      }
    });
}

export type LiveAuctionSettings = z.output<ReturnType<typeof liveAuctionSchema>>;

export interface ChartPlacement {
  x: number;
  y: number;
  scale: number;
  opacity: number;
  px: number;
  py: number;
  pz: number;
}

/**
 * Where the chart and its pointer go, from what the form holds or the saved record (blank fields take defaults):
 * the setup's preview and the projector read the same placement.
 */
export function chartPlacement(values: Record<string, unknown>): ChartPlacement {
  const number = (name: string, fallback: number) => {
    const text = typeof values[name] === "string" ? (values[name] as string).trim() : values[name];
    const value = typeof text === "number" ? text : text === "" || text == null ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    x: number("seat_chart_x", 0),
    y: number("seat_chart_y", 0),
    scale: number("seat_chart_scale", 1),
    opacity: Math.min(1, Math.max(0, number("seat_chart_opacity", 1))),
    px: number("seat_chart_px", 0),
    py: number("seat_chart_py", 0),
    pz: number("seat_chart_pz", 40),
  };
}
