import type { CSSProperties } from "react";
import type { IconValue } from "../../../contract/index.js";
import { iconUrl } from "../../api/icons.js";

/**
 * One supported icon in the text colour around it: its SVG is a CSS mask over currentColor (an <img> could not take
 * a colour). Decorative: whoever places it names it. An SVG that fails to load leaves the mask empty (silently).
 */
export function IconGlyph({ icon, size = 24 }: { icon: IconValue; size?: number }) {
  const url = `url("${iconUrl(icon)}")`;
  const style: CSSProperties = { width: size, height: size, maskImage: url, WebkitMaskImage: url };
  return <span className="icon-glyph" aria-hidden="true" style={style} data-icon={`${icon.style} ${icon.name}`} />;
}
