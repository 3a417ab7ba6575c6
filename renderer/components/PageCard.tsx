import { useId, type ReactNode, type Ref } from "react";

/**
 * A card on an item's or a group's page (Discuss, Discussions, Feed): a section named by its h2 title, with
 * what belongs beside the title (a count, a menu, paging, a button) in its header. Given `headingRef`, the title can
 * take focus, for a card that puts it there after a change that removes what had it.
 */
export function PageCard({ title, className, headingRef, header, children }: { title: string; className?: string; headingRef?: Ref<HTMLHeadingElement>; header?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={className ? `discuss-card ${className}` : "discuss-card"} aria-labelledby={headingId}>
      <div className="discuss-card__header">
        <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="discuss-card__title">
          {title}
        </h2>
        {header}
      </div>
      {children}
    </section>
  );
}
