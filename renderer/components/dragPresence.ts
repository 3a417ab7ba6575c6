/** How long the drop zone stays after the last dragover: the browser repeats dragover every 50 ms or so while dragging. */
export const DROP_ZONE_HIDE_MS = 250;

/**
 * Whether files are being dragged over the window, decided from dragover events alone: dragenter and dragleave fire
 * for every child element crossed and cannot be paired reliably, so the zone shows on a dragover and hides once
 * `hideAfterMs` pass without another (the drag left the window or was cancelled), or at once on a drop.
 */
export class DragPresence {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = false;

  constructor(
    private readonly onChange: (visible: boolean) => void,
    private readonly hideAfterMs = DROP_ZONE_HIDE_MS,
  ) {}

  /** Files are over the window (a dragover): show, and push the hiding back. */
  dragOver(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.set(false), this.hideAfterMs);
    this.set(true);
  }

  /** The files were dropped, or the drag ended: hide now. */
  end(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.set(false);
  }

  /** Stops the timer (the component unmounted). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  get visible(): boolean {
    return this.shown;
  }

  private set(visible: boolean): void {
    if (visible === this.shown) return;
    this.shown = visible;
    this.onChange(visible);
  }
}
