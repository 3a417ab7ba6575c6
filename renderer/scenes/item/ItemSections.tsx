import type { EditableItem } from "../../../contract/index.js";
import { useSectionThreads } from "../../api/sectionComments.js";
import { RichHtml } from "../../components/RichHtml.js";
import { SectionComments } from "../../components/sectionComments/SectionComments.js";

/**
 * An item's body on its page: each section with its title and text (sanitized on the server with the course-designer
 * profile on every save; `view_html` has its short codes expanded). Signed-in readers who reach the item other than by
 * its link share also get each section's comments, and the number of open threads above the first (the open-thread badge).
 * A section with no text (the server presents it as "") shows its title alone; one with neither title nor text is left
 * out, unless it has comments, which stay reachable under a line saying the section is empty.
 */
/** Said in a section with neither title nor text that is shown only for its comments. */
const EMPTY_SECTION = "This section is empty; its comments are below.";

export function ItemSections({ item, signedIn }: { item: EditableItem; signedIn: boolean }) {
  const commenting = signedIn && !item.viewed_by_link && item.sections.length > 0;
  const threads = useSectionThreads(item, commenting);
  const byUid = new Map(threads.data?.threads.map((t) => [t.module_id, t]));
  const openCount = threads.data?.open_count ?? 0;
  return (
    <>
      {commenting && openCount > 0 && (
        <p className="section-threads-count">
          {openCount === 1 ? "1 open comment thread" : `${openCount} open comment threads`} on this {item.type_name_singular.toLowerCase()}'s sections
        </p>
      )}
      {item.sections.map((section, index) => {
        const name = section.title || `Section ${index + 1}`;
        const summary = byUid.get(section.uid);
        if (!section.title && !section.view_html && !(commenting && summary)) return null;
        return (
          <section key={section.id} className="item-section" aria-label={section.title || "Untitled section"}>
            {section.title && <h2 className={section.view_html ? "item-section__title" : "item-section__title item-section__title--alone"}>{section.title}</h2>}
            {section.view_html ? <RichHtml html={section.view_html} /> : !section.title && <p className="item-section__empty">{EMPTY_SECTION}</p>}
            {commenting && <SectionComments item={item} sectionUid={section.uid} sectionName={name} summary={summary} />}
          </section>
        );
      })}
    </>
  );
}
