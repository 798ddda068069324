import { useId, useRef, useState, type FormEvent } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_PATH, imageSources } from "@shop/shared/media/images";
import { api } from "../../app/api";
import { useSaveRecordMutation } from "../records/recordApi";
import type { RecordExtraProps } from "../records/recordExtras";
import "./product-images.css";

type ProductImage = { url: string; alt: string };
type Uploaded = { url: string; width: number; height: number };
type ErrorBody = { data?: { metadata?: { message?: string; errors?: string[] } } };

const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /admin/api/media/: the file's bytes; the answer names the stored image's URL. */
    uploadImage: build.mutation<Uploaded, File>({
      query: (file) => ({
        url: MEDIA_UPLOAD_PATH,
        method: "POST",
        body: file,
        headers: { "content-type": file.type || "application/octet-stream" },
      }),
    }),
  }),
});

const messageOf = (error: unknown) =>
  (error as ErrorBody).data?.metadata?.message ?? BACK_OFFICE_MESSAGES.genericServerError;

/** A product's images (issue 26.1): upload one with its alt text, remove one; the first is the cover. */
export function ProductImagesPanel({ model, record, readOnly }: RecordExtraProps) {
  const [upload, uploading] = mediaApi.useUploadImageMutation();
  const [save, saving] = useSaveRecordMutation();
  const [alt, setAlt] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const images = (Array.isArray(record.images) ? record.images : []) as ProductImage[];
  const busy = uploading.isLoading || saving.isLoading;
  const version = typeof record.version === "number" ? record.version : undefined;

  const saveImages = async (next: ProductImage[], message: string) => {
    const saved = await save({ model, id: String(record.id), body: { images: next }, version });
    if ("error" in saved) setProblem(messageOf(saved.error));
    else setDone(message);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    const file = fileRef.current?.files?.[0];
    if (!file) return setProblem("Choose an image file to upload.");
    if (file.size > MEDIA_MAX_BYTES)
      return setProblem(`This image is too large. Upload one of at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`);
    const uploaded = await upload(file);
    if ("error" in uploaded) return setProblem(messageOf(uploaded.error));
    await saveImages([...images, { url: uploaded.data.url, alt: alt.trim() }], "The image has been added.");
    setAlt("");
    if (fileRef.current) fileRef.current.value = "";
  };

  return (
    <section className="card product-images" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Images</h2>
      <p className="muted">
        The first image is the product's picture in lists, the cart and its page. Without one, the shop shows a cover
        drawn from the title, category and format.
      </p>
      {done && (
        <p className="notice ok" role="status">
          {done}
        </p>
      )}
      {problem && (
        <p className="error-summary" role="alert">
          {problem}
        </p>
      )}
      {images.length > 0 && (
        <ul className="product-images-list">
          {images.map((image, index) => {
            const { src, srcSet } = imageSources(image.url);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one image may be listed twice; the list is replaced on every save, never reordered
              <li key={`${image.url}:${index}`}>
                <img src={src} srcSet={srcSet} sizes="120px" alt={image.alt} width={120} height={160} />
                <span className="muted">{image.alt || "(no alt text)"}</span>
                <button
                  type="button"
                  className="link-button"
                  disabled={readOnly || busy}
                  onClick={() =>
                    saveImages(
                      images.filter((_, i) => i !== index),
                      "The image has been removed.",
                    )
                  }
                >
                  Remove<span className="visually-hidden"> image {index + 1}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="node-form" onSubmit={onSubmit} noValidate>
        <fieldset className="record-fields" disabled={readOnly || busy}>
          <legend className="visually-hidden">Add an image</legend>
          <div className="field">
            <label htmlFor={`${ids}-file`}>Image file</label>
            <input id={`${ids}-file`} ref={fileRef} type="file" accept="image/*" name="image" />
            <p className="field-hint muted">JPEG, PNG, WebP, GIF or AVIF, at most 8 MB.</p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-alt`}>Alt text</label>
            <input id={`${ids}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={500} />
            <p className="field-hint muted">What the picture shows, for readers who cannot see it.</p>
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={readOnly || busy}>
            {busy ? "Uploading…" : "Upload image"}
          </button>
        </div>
      </form>
    </section>
  );
}
