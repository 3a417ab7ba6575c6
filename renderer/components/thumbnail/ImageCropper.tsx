import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from "react";
import { IMAGE_UPLOAD_RULES, THUMBNAIL_MESSAGES, isAllowedImageFile } from "../../../contract/index.js";
import { ImageSearchDialog } from "./ImageSearchDialog.js";

/** The crop the author chose: the loaded image, its zoom and how far it was moved in the stage. */
export interface CropState {
  image: HTMLImageElement;
  zoom: number;
  offsetX: number;
  offsetY: number;
  /** The searched Unsplash photo's links.download_location when the image is one (null for a chosen file): called once the thumbnail is saved. */
  downloadLocation: string | null;
}

/** The stage is this many CSS pixels square; offsets are measured in it. */
const STAGE = 320;

const naturalSize = (image: HTMLImageElement) => ({ width: image.naturalWidth || IMAGE_UPLOAD_RULES.minWidth, height: image.naturalHeight || IMAGE_UPLOAD_RULES.minWidth });

/** Draws the crop into a square canvas of `size` pixels: white fill first, then the image scaled and moved as on the stage. */
function drawCrop(canvas: HTMLCanvasElement, crop: CropState, size: number): void {
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = IMAGE_UPLOAD_RULES.defaultFill;
  ctx.fillRect(0, 0, size, size);
  const { width, height } = naturalSize(crop.image);
  const factor = size / STAGE;
  const scale = (STAGE / Math.min(width, height)) * crop.zoom * factor;
  const dx = size / 2 - (width * scale) / 2 + crop.offsetX * factor;
  const dy = size / 2 - (height * scale) / 2 + crop.offsetY * factor;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(crop.image, dx, dy, width * scale, height * scale);
}

/** The output size: the source pixels the crop covers, kept between 512 and 1024 (aspect ratio 1). */
export function cropOutputSize(crop: CropState): number {
  const { width, height } = naturalSize(crop.image);
  const covered = Math.round(Math.min(width, height) / crop.zoom);
  return Math.min(IMAGE_UPLOAD_RULES.maxWidth, Math.max(IMAGE_UPLOAD_RULES.minWidth, covered));
}

/** Renders the crop to a square JPEG (quality 90) of 512 to 1024 pixels, ready to upload. */
export function cropToJpeg(crop: CropState): Promise<Blob> {
  const canvas = document.createElement("canvas");
  drawCrop(canvas, crop, cropOutputSize(crop));
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be cropped."))), "image/jpeg", IMAGE_UPLOAD_RULES.jpegQuality));
}

/** A small data URL of the crop, for previews. */
export function cropToDataUrl(crop: CropState, size: number): string {
  const canvas = document.createElement("canvas");
  drawCrop(canvas, crop, size);
  return canvas.toDataURL("image/jpeg", IMAGE_UPLOAD_RULES.jpegQuality);
}

/**
 * The image uploader with its cropper (id image-uploader): choose a jpg, jpeg, gif, png or svg image, move it
 * in a square stage (drag or arrow keys) and zoom from a third to three times; previews at 160, 100 and 40 px.
 * With `imageSearch`, a Search images button beside the file input opens the image search dialog, whose chosen
 * photo is cropped the same way as a chosen file.
 */
export function ImageCropper({ onChange, imageSearch = false }: { onChange(crop: CropState | null): void; imageSearch?: boolean }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [crop, setCrop] = useState<CropState | null>(null);
  const stageRef = useRef<HTMLCanvasElement>(null);
  const previewRefs = useRef<(HTMLCanvasElement | null)[]>([]);
  const drag = useRef<{ x: number; y: number; offsetX: number; offsetY: number } | null>(null);
  useEffect(() => {
    if (!crop) return;
    if (stageRef.current) drawCrop(stageRef.current, crop, STAGE);
    IMAGE_UPLOAD_RULES.previews.forEach((size, i) => previewRefs.current[i] && drawCrop(previewRefs.current[i]!, crop, size));
  }, [crop]);

  const update = (next: CropState | null) => {
    setCrop(next);
    onChange(next);
  };

  // The file input keeps showing the chosen file's name (the control tells the truth). It is emptied when clicked, so
  // choosing the same file again still loads it afresh; a cancelled dialog puts the chosen file back.
  const fileRef = useRef<HTMLInputElement>(null);
  const chosenFile = useRef<File | null>(null);
  useEffect(() => {
    const input = fileRef.current;
    if (!input) return;
    const restoreChosen = () => {
      if (!chosenFile.current || input.files?.length) return;
      const transfer = new DataTransfer();
      transfer.items.add(chosenFile.current);
      input.files = transfer.files;
    };
    input.addEventListener("cancel", restoreChosen);
    return () => input.removeEventListener("cancel", restoreChosen);
  }, []);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!isAllowedImageFile(file)) {
      setError(`${THUMBNAIL_MESSAGES.notAnImage} ${THUMBNAIL_MESSAGES.imageType}`);
      return;
    }
    chosenFile.current = file;
    loadImage(file);
  };

  /** A photo from the image search replaces the chosen file: the input no longer names one. */
  const handleSearchedImage = (image: Blob, downloadLocation: string) => {
    chosenFile.current = null;
    if (fileRef.current) fileRef.current.value = "";
    loadImage(image, downloadLocation);
  };

  /** Puts an image's bytes (a chosen file, or a photo from the image search, with its download location) on the stage, at zoom 1 and centred. */
  const loadImage = (file: Blob, downloadLocation: string | null = null) => {
    // A data: URL rather than a blob: one, which the site's CSP (img-src 'self' data: https:) would refuse.
    const reader = new FileReader();
    reader.onload = () => {
      const image = new Image();
      image.onload = () => {
        setError(null);
        update({ image, zoom: 1, offsetX: 0, offsetY: 0, downloadLocation });
      };
      image.onerror = () => setError(THUMBNAIL_MESSAGES.notAnImage);
      image.src = String(reader.result);
    };
    reader.onerror = () => setError(THUMBNAIL_MESSAGES.notAnImage);
    reader.readAsDataURL(file);
  };

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!crop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, offsetX: crop.offsetX, offsetY: crop.offsetY };
  };
  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!crop || !drag.current) return;
    // Offsets are in stage pixels; on a narrow screen the stage is drawn smaller than STAGE.
    const scale = STAGE / (event.currentTarget.getBoundingClientRect().width || STAGE);
    update({ ...crop, offsetX: drag.current.offsetX + (event.clientX - drag.current.x) * scale, offsetY: drag.current.offsetY + (event.clientY - drag.current.y) * scale });
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!crop) return;
    const step = event.shiftKey ? 20 : 5;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update({ ...crop, offsetX: crop.offsetX + move[0], offsetY: crop.offsetY + move[1] });
  };

  return (
    <div id="image-uploader" className="image-uploader">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          Choose an image (jpg, jpeg, gif, png or svg)
        </label>
        <div className="image-uploader__sources">
          <input
            ref={fileRef}
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".jpg,.jpeg,.gif,.png,.svg,image/jpeg,image/gif,image/png,image/svg+xml"
            onClick={(event) => (event.currentTarget.value = "")}
            onChange={handleFile}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {imageSearch && (
            <button type="button" className="button button--secondary" onClick={() => setSearching(true)}>
              Search images
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {searching && <ImageSearchDialog onChoose={(image, photo) => handleSearchedImage(image, photo.links.download_location)} onClose={() => setSearching(false)} />}
      {crop && (
        <div className="image-uploader__workspace">
          <div className="image-uploader__stage-column">
            <canvas
              ref={stageRef}
              className="image-uploader__stage"
              width={STAGE}
              height={STAGE}
              tabIndex={0}
              role="img"
              aria-label="Crop area: drag or use the arrow keys to move the image"
              data-testid="crop-stage"
              onPointerDown={handlePointerDown}
              onPointerMove={handlePointerMove}
              onPointerUp={() => (drag.current = null)}
              onKeyDown={handleKeyDown}
            />
            <div className="field field--compact">
              <label className="field__label" htmlFor={`${id}-zoom`}>
                Zoom ({crop.zoom.toFixed(2)}×)
              </label>
              <input
                id={`${id}-zoom`}
                type="range"
                min={IMAGE_UPLOAD_RULES.minZoom}
                max={IMAGE_UPLOAD_RULES.maxZoom}
                step={0.01}
                value={crop.zoom}
                onChange={(e) => update({ ...crop, zoom: Number(e.target.value) })}
              />
            </div>
            <p className="image-uploader__size">Saved as a {cropOutputSize(crop)} × {cropOutputSize(crop)} px JPEG.</p>
          </div>
          <div className="image-uploader__previews" aria-label="Previews">
            {IMAGE_UPLOAD_RULES.previews.map((size, i) => (
              <canvas
                key={size}
                ref={(el) => {
                  previewRefs.current[i] = el;
                }}
                width={size}
                height={size}
                style={{ width: size, height: size }}
                role="img"
                aria-label={`Preview at ${size} pixels`}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
