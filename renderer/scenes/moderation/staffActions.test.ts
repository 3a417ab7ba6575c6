import { describe, expect, expectTypeOf, it } from "vitest";
import type { StaffActionName, StaffCardHandlers } from "./staffEditing.js";

describe("the names of a staff card's asked actions", () => {
  it("are delete and the page's own actions, so a misspelt one fails the typecheck", () => {
    expectTypeOf<StaffActionName<"end">>().toEqualTypeOf<"delete" | "end">();
    expectTypeOf<StaffActionName>().toEqualTypeOf<"delete">();
    const asked: string[] = [];
    const handlers: StaffCardHandlers<"end"> = { edit: () => undefined, ask: (name) => void asked.push(name) };
    handlers.ask("end");
    handlers.ask("delete");
    // @ts-expect-error "ned" is no action of this page (npm run typecheck fails should this line typecheck)
    handlers.ask("ned");
    const interceptorCard: StaffCardHandlers = { edit: () => undefined, ask: (name) => void asked.push(name) };
    // @ts-expect-error a page without actions of its own asks only "delete"
    interceptorCard.ask("end");
    expect(asked).toEqual(["end", "delete", "ned", "end"]);
  });
});
