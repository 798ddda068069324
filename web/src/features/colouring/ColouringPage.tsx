import { useEffect, useRef, useState, type PointerEvent } from "react";
import {
  BRUSH_SIZES,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  canvasPoint,
  COLOURS,
  OUTLINE_PATHS,
  pushSnapshot,
} from "./colouring";

function drawOutline(context: CanvasRenderingContext2D) {
  context.save();
  context.strokeStyle = "#000";
  context.lineWidth = 4;
  context.lineJoin = "round";
  context.lineCap = "round";
  for (const path of OUTLINE_PATHS) context.stroke(new Path2D(path));
  context.restore();
}

function clearTo(context: CanvasRenderingContext2D) {
  context.fillStyle = "#fff";
  context.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
}

/** The colours and the lines in one picture, for Print and Download. */
function flattened(paint: HTMLCanvasElement): HTMLCanvasElement {
  const out = document.createElement("canvas");
  out.width = CANVAS_WIDTH;
  out.height = CANVAS_HEIGHT;
  const context = out.getContext("2d")!;
  context.drawImage(paint, 0, 0);
  drawOutline(context);
  return out;
}

/**
 * The colouring page (storefront §2, §9: a 576x744 canvas with colour and brush-size palettes): draw with a
 * mouse, a pen or a finger (pointer events, no scrolling while drawing); Undo, Clear, Print, Download PNG.
 */
export function ColouringPage() {
  const paintRef = useRef<HTMLCanvasElement>(null);
  const outlineRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [colour, setColour] = useState<string>(COLOURS[0].value);
  const [size, setSize] = useState<number>(BRUSH_SIZES[1].value);
  const [undo, setUndo] = useState<ImageData[]>([]);
  const [printImage, setPrintImage] = useState("");

  useEffect(() => {
    const paint = paintRef.current?.getContext("2d");
    const outline = outlineRef.current?.getContext("2d");
    if (paint) clearTo(paint);
    if (outline) drawOutline(outline);
  }, []);

  const context = () => paintRef.current?.getContext("2d") ?? null;
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    canvasPoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect());

  function stroke(from: { x: number; y: number }, to: { x: number; y: number }) {
    const ctx = context();
    if (!ctx) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = size;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  }

  function dot(at: { x: number; y: number }) {
    const ctx = context();
    if (!ctx) return;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(at.x, at.y, size / 2, 0, Math.PI * 2);
    ctx.fill();
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    const ctx = context();
    if (!ctx) return;
    // Keep the stroke when the finger slides off the canvas's edge.
    if (event.isPrimary) event.currentTarget.setPointerCapture(event.pointerId);
    setUndo((stack) => pushSnapshot(stack, ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT)));
    const point = pointOf(event);
    last.current = point;
    dot(point); // a tap leaves a dot (a zero-length line draws nothing)
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    const point = pointOf(event);
    stroke(last.current, point);
    last.current = point;
  }

  const end = () => {
    last.current = null;
  };

  function undoStroke() {
    const snapshot = undo.at(-1);
    if (!snapshot) return;
    context()?.putImageData(snapshot, 0, 0);
    setUndo(undo.slice(0, -1));
  }

  function clear() {
    const ctx = context();
    if (!ctx) return;
    setUndo((stack) => pushSnapshot(stack, ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT)));
    clearTo(ctx);
  }

  function download() {
    if (!paintRef.current) return;
    const link = document.createElement("a");
    link.download = "coloring-page.png";
    link.href = flattened(paintRef.current).toDataURL("image/png");
    link.click();
  }

  function print() {
    if (!paintRef.current) return;
    // The print stylesheet shows only this picture: canvases do not always print.
    setPrintImage(flattened(paintRef.current).toDataURL("image/png"));
    requestAnimationFrame(() => window.print());
  }

  return (
    <section className="colouring-page">
      <h1>Colouring page</h1>
      <p>Pick a colour and a brush, then colour Noah’s ark with your mouse or your finger.</p>
      <fieldset className="palette">
        <legend>Colour</legend>
        {COLOURS.map((c) => (
          <label key={c.value} className="swatch" style={{ background: c.value }} title={c.name}>
            <input
              type="radio"
              name="colour"
              value={c.value}
              checked={colour === c.value}
              onChange={() => setColour(c.value)}
            />
            <span className="visually-hidden">{c.name}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="palette">
        <legend>Brush size</legend>
        {BRUSH_SIZES.map((b) => (
          <label key={b.value} className="brush">
            <input
              type="radio"
              name="brush"
              value={b.value}
              checked={size === b.value}
              onChange={() => setSize(b.value)}
            />
            {b.name}
          </label>
        ))}
      </fieldset>
      <div className="colouring-tools">
        <button type="button" className="button secondary" onClick={undoStroke} disabled={undo.length === 0}>
          Undo
        </button>
        <button type="button" className="button secondary" onClick={clear}>
          Clear
        </button>
        <button type="button" className="button secondary" onClick={print}>
          Print
        </button>
        <button type="button" className="button" onClick={download}>
          Download
        </button>
      </div>
      <div className="colouring-canvas">
        <canvas
          ref={paintRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          aria-label="Colouring canvas"
          role="img"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
        <div aria-hidden="true" className="outline">
          <canvas ref={outlineRef} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} />
        </div>
      </div>
      {printImage && <img className="colouring-print" src={printImage} alt="Your coloured ark" />}
    </section>
  );
}
