/** Storefront §9: the colouring canvas is 576x744. */
export const CANVAS_WIDTH = 576;
export const CANVAS_HEIGHT = 744;

/** The palettes: crayon colours, and brush widths in canvas pixels. */
export const COLOURS = [
  { name: "Red", value: "#d32f2f" },
  { name: "Orange", value: "#f57c00" },
  { name: "Yellow", value: "#fbc02d" },
  { name: "Green", value: "#388e3c" },
  { name: "Sky blue", value: "#4fc3f7" },
  { name: "Blue", value: "#1565c0" },
  { name: "Purple", value: "#7b1fa2" },
  { name: "Pink", value: "#f06292" },
  { name: "Brown", value: "#795548" },
  { name: "Grey", value: "#9e9e9e" },
  { name: "Black", value: "#212121" },
  { name: "White (eraser)", value: "#ffffff" },
] as const;
export const BRUSH_SIZES = [
  { name: "Small", value: 4 },
  { name: "Medium", value: 12 },
  { name: "Large", value: 24 },
  { name: "Huge", value: 48 },
] as const;

/** How many strokes Undo can take back (each keeps a 576x744 snapshot, about 1.7 MB). */
export const UNDO_LIMIT = 20;

/**
 * Where a pointer is on the canvas, in canvas pixels: the canvas is drawn smaller on a phone (CSS width
 * 100%), so the screen offset is scaled by the canvas's size over its box's size.
 */
export function canvasPoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  return {
    x: ((client.x - box.left) * CANVAS_WIDTH) / box.width,
    y: ((client.y - box.top) * CANVAS_HEIGHT) / box.height,
  };
}

/** Keeps the last `limit` snapshots: a new stroke pushes, Undo pops. */
export function pushSnapshot<T>(stack: readonly T[], snapshot: T, limit = UNDO_LIMIT): T[] {
  const next = [...stack, snapshot];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/**
 * The picture to colour: Noah's ark on the water, as SVG path data in canvas pixels, stroked black on a
 * layer above the colours so crayons never cover the lines.
 */
export const OUTLINE_PATHS = [
  // hull
  "M 60 470 L 516 470 L 470 580 L 106 580 Z",
  // cabin and roof
  "M 150 470 L 150 370 L 426 370 L 426 470",
  "M 130 370 L 288 290 L 446 370",
  // windows and door
  "M 190 400 h 50 v 40 h -50 Z M 262 400 h 50 v 40 h -50 Z M 334 400 h 50 v 40 h -50 Z",
  "M 200 470 v -25 h 30 v 25",
  // planks
  "M 80 510 L 496 510 M 95 545 L 481 545",
  // waves
  "M 20 620 q 30 -25 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0",
  "M 20 680 q 30 -25 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0",
  // sun, rainbow and a dove
  "M 520 110 m -50 0 a 50 50 0 1 0 100 0 a 50 50 0 1 0 -100 0",
  "M 40 260 A 220 220 0 0 1 400 120",
  "M 70 270 A 190 190 0 0 1 390 150",
  "M 260 200 q 20 -20 40 0 q 20 -20 40 0 q -20 10 -40 10 q -20 0 -40 -10",
];
