import { describe, expect, it } from "vitest";
import { CANVAS_HEIGHT, CANVAS_WIDTH, canvasPoint, pushSnapshot, UNDO_LIMIT } from "./colouring";

describe("colouring page", () => {
  it("the colouring canvas is 576x744 (storefront §9)", () => {
    expect([CANVAS_WIDTH, CANVAS_HEIGHT]).toEqual([576, 744]);
  });

  it("a finger on a phone-sized canvas lands on the same canvas pixel as on a full-size one", () => {
    // Drawn at 288x372 (half size) from (10, 20): its middle is the canvas's middle.
    expect(canvasPoint({ x: 10 + 144, y: 20 + 186 }, { left: 10, top: 20, width: 288, height: 372 })).toEqual({
      x: 288,
      y: 372,
    });
    expect(canvasPoint({ x: 576, y: 744 }, { left: 0, top: 0, width: 576, height: 744 })).toEqual({ x: 576, y: 744 });
  });

  it("undo keeps the last 20 strokes and forgets older ones", () => {
    let stack: number[] = [];
    for (let stroke = 1; stroke <= UNDO_LIMIT + 5; stroke++) stack = pushSnapshot(stack, stroke);
    expect(UNDO_LIMIT).toBe(20);
    expect(stack).toHaveLength(20);
    expect(stack[0]).toBe(6);
    expect(stack.at(-1)).toBe(25);
  });
});
