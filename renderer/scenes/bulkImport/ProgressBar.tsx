/** A labelled progress bar (value 0..1); the text beside it gives the same figure for screen readers and eyes. */
export function ProgressBar({ label, value, detail }: { label: string; value: number; detail?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        <span>{detail ?? `${percent}%`}</span>
      </div>
      <div className="progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={detail ?? `${percent}%`}>
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
