/**
 * The computed style properties a capture copies onto each cloned element: those that place, size, colour and write
 * it. html-to-image copies every property the browser computes otherwise (515 in Chromium), reading and writing each
 * one per element and per pseudo-element; on the search page (about 1,000 elements) that took 3.6 to 4.3 s on an idle
 * machine and over 15 s under the browser tests' load. With these it took 1.1 to 1.2 s, and the JPEG drew the page the
 * same but for the search box's placeholder, which is now grey as on the screen (black before).
 */
const CAPTURED_STYLE_PROPERTIES = [
  "display", "position", "top", "right", "bottom", "left", "inset", "z-index", "float", "clear", "box-sizing", "contain", "isolation",
  "width", "height", "min-width", "min-height", "max-width", "max-height", "aspect-ratio",
  "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top", "padding-right", "padding-bottom", "padding-left",
  "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
  "border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
  "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
  "border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius",
  "border-collapse", "border-spacing", "table-layout", "caption-side",
  "outline-width", "outline-style", "outline-color", "outline-offset", "box-shadow",
  "background-color", "background-image", "background-size", "background-position", "background-repeat", "background-clip", "background-origin",
  "color", "opacity", "visibility", "overflow-x", "overflow-y", "clip-path", "filter", "mix-blend-mode", "mask-image", "-webkit-mask-image",
  "font-family", "font-size", "font-weight", "font-style", "font-variant", "line-height", "letter-spacing", "word-spacing",
  "text-align", "text-indent", "text-transform", "text-overflow", "text-wrap", "white-space", "word-break", "overflow-wrap", "hyphens", "tab-size",
  "text-decoration-line", "text-decoration-color", "text-decoration-style", "text-decoration-thickness", "text-underline-offset",
  "vertical-align", "direction", "writing-mode", "-webkit-line-clamp", "-webkit-box-orient", "line-clamp",
  "list-style-type", "list-style-position", "list-style-image",
  "flex-direction", "flex-wrap", "flex-grow", "flex-shrink", "flex-basis", "order",
  "justify-content", "justify-items", "justify-self", "align-items", "align-self", "align-content", "row-gap", "column-gap",
  "grid-template-columns", "grid-template-rows", "grid-template-areas", "grid-auto-flow", "grid-auto-columns", "grid-auto-rows",
  "grid-column-start", "grid-column-end", "grid-row-start", "grid-row-end",
  "transform", "transform-origin", "object-fit", "object-position", "fill", "stroke", "stroke-width", "content", "appearance", "accent-color",
];

/**
 * The page as a JPEG data URL (quality 0.5, as the second document says), without any dialog; null when the browser
 * cannot draw it. The library is loaded on first use only: most visits never send a screenshot.
 */
export async function capturePage(): Promise<string | null> {
  try {
    const { toJpeg } = await import("html-to-image");
    const height = Math.min(document.body.scrollHeight, 3000);
    return await toJpeg(document.body, {
      quality: 0.5,
      pixelRatio: 1,
      height,
      canvasHeight: height,
      backgroundColor: "#ffffff",
      includeStyleProperties: CAPTURED_STYLE_PROPERTIES,
      filter: (node) => !(node instanceof HTMLElement && (node.classList.contains("dialog-overlay") || node.getAttribute("role") === "dialog")),
    });
  } catch (error) {
    // Second document, section 8: a failed capture is only logged.
    console.warn("The page could not be captured for the contact form.", error);
    return null;
  }
}
