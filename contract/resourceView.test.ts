import { describe, expect, it } from "vitest";
import { showFile, showLink } from "./index.js";

const frameOf = (link: string) => {
  const shown = showLink(link);
  return [shown.type, shown.extra_data.embed_type, shown.extra_data.code];
};

describe("showLink", () => {
  it("shows the pages of the safe-embed services in their players", () => {
    expect(frameOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual(["video", "frame", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]);
    expect(frameOf("https://youtu.be/dQw4w9WgXcQ?t=3")).toEqual(["video", "frame", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]);
    expect(frameOf("https://m.youtube.com/shorts/abc-DEF_123")).toEqual(["video", "frame", "https://www.youtube-nocookie.com/embed/abc-DEF_123"]);
    expect(frameOf("https://vimeo.com/76979871")).toEqual(["video", "frame", "https://player.vimeo.com/video/76979871"]);
    expect(frameOf("https://drive.google.com/file/d/1AbC_d-E/view?usp=sharing")).toEqual(["document", "frame", "https://drive.google.com/file/d/1AbC_d-E/preview"]);
    expect(frameOf("https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk")).toEqual(["audio", "frame", "https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk"]);
    expect(frameOf("https://soundcloud.com/artist/a-track")).toEqual(["audio", "frame", `https://w.soundcloud.com/player/?url=${encodeURIComponent("https://soundcloud.com/artist/a-track")}`]);
  });

  it("never frames what the safe-embed rules refuse: a video id with odd characters or a channel page is a link", () => {
    expect(frameOf("https://www.youtube.com/watch?v=a%22onload%3D")).toEqual(["video", null, null]);
    expect(frameOf("https://www.youtube.com/@somechannel")).toEqual(["other", null, null]);
    expect(frameOf("https://vimeo.com/channels/staffpicks")).toEqual(["other", null, null]);
  });

  it("plays media files in the browser's own player, and leaves documents and websites as links", () => {
    expect(frameOf("https://example.org/talks/lesson.MP3")).toEqual(["audio", "media", null]);
    expect(frameOf("https://example.org/clip.webm?x=1")).toEqual(["video", "media", null]);
    expect(frameOf("https://example.org/diagram.png")).toEqual(["image", "media", null]);
    expect(frameOf("https://example.org/worksheet.pdf")).toEqual(["document", null, null]);
    expect(frameOf("https://example.org/resources/12")).toEqual(["other", null, null]);
    expect(frameOf("not a link")).toEqual(["other", null, null]);
  });
});

describe("showFile", () => {
  it("shows images and PDFs in the page and offers other documents as a download", () => {
    expect(showFile("image/png", "/files/uploaded/k")).toMatchObject({ type: "image", extra_data: { embed_type: "media" } });
    expect(showFile("application/pdf", "/files/uploaded/k")).toMatchObject({ type: "document", extra_data: { embed_type: "frame", code: "/files/uploaded/k" } });
    expect(showFile("application/msword", "/files/uploaded/k")).toMatchObject({ type: "document", extra_data: { embed_type: null } });
  });
});
