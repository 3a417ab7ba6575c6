// eslint-disable-next-line no-restricted-imports -- React DOM's string renderer, not our server/ layer
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.js";
import { Alert } from "./Alert.js";

describe("Alert", () => {
  it("shows the literal 'System error' as the spec's long text, two spaces and all", () => {
    const html = renderToStaticMarkup(<Alert tone="danger">System error</Alert>);
    expect(html).toContain(">An unexpected error occurred while processing your request.  Please wait a moment and try again.<");
    expect(html).toContain(MESSAGES.systemError);
    expect(html).not.toContain(">System error<");
  });

  it("leaves any other text as it is", () => {
    expect(renderToStaticMarkup(<Alert tone="danger">The comment was not found.</Alert>)).toContain(">The comment was not found.<");
  });
});
