import { FEEDBACK_TYPES, type FeedbackType } from "../../contract/index.js";

/** The reaction types' names (second document: like, love, magic, powerful). */
export const REACTION_LABELS: Record<FeedbackType, string> = { like: "Like", love: "Love", magic: "Magic", powerful: "Powerful" };

/** What a reacted-to thing (a comment, a feed post) tells of its reactions. */
export interface Reacted {
  current_user_feedback_type: FeedbackType | null;
  content_feedback_likes_count: number;
  content_feedback_loves_count: number;
  content_feedback_magics_count: number;
  content_feedback_powerfuls_count: number;
}

/** One reaction type's count. */
const countOf = (subject: Reacted, type: FeedbackType): number =>
  ({ like: subject.content_feedback_likes_count, love: subject.content_feedback_loves_count, magic: subject.content_feedback_magics_count, powerful: subject.content_feedback_powerfuls_count })[type];

/** What a screen reader hears once a reaction is taken. */
export const reactionAnnouncement = (type: FeedbackType, removed: boolean): string => `${REACTION_LABELS[type]} ${removed ? "removed" : "added"}.`;

interface ReactionBarProps {
  subject: Reacted;
  /** The types offered as toggles (discussions have no picker for powerful, feeds offer all four). */
  picker: readonly FeedbackType[];
  /** False for a reader who may not react: the counts above zero, as text. */
  canReact: boolean;
  /** While the server answers: the toggles stay focusable but do nothing. */
  pending: boolean;
  /** Choosing a type: `remove` when it is the reader's current one (choosing it again takes it back). */
  onReact(type: FeedbackType, remove: boolean): void;
}

/**
 * A comment's or feed post's reactions: a toggle per offered type with its count, pressed for the reader's own; a type
 * counted but not offered (powerful in discussions) shows as text when someone chose it.
 */
export function ReactionBar({ subject, picker, canReact, pending, onReact }: ReactionBarProps) {
  const current = subject.current_user_feedback_type;
  const counted = (types: readonly FeedbackType[]) => types.filter((type) => countOf(subject, type) > 0);
  const label = (type: FeedbackType) => (
    <>
      {REACTION_LABELS[type]} <span className="reaction__count">{countOf(subject, type)}</span>
    </>
  );

  if (!canReact) {
    const shown = counted(FEEDBACK_TYPES);
    if (!shown.length) return null;
    return (
      <ul className="comment-reactions reaction-counts" aria-label="Reactions">
        {shown.map((type) => (
          <li key={type} className="reaction reaction--static">
            {label(type)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="comment-reactions" role="group" aria-label="Reactions">
      {picker.map((type) => (
        <button
          key={type}
          type="button"
          className="reaction"
          aria-pressed={current === type}
          // aria-disabled rather than disabled, so focus stays on the button while the server answers.
          aria-disabled={pending || undefined}
          onClick={() => !pending && onReact(type, current === type)}
        >
          {label(type)}
        </button>
      ))}
      {counted(FEEDBACK_TYPES.filter((type) => !picker.includes(type))).map((type) => (
        <span key={type} className="reaction reaction--static">
          {label(type)}
        </span>
      ))}
    </div>
  );
}
