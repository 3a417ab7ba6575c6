import type { ReactNode } from "react";
import { AppLink } from "../AppLink.js";
import { shortDate } from "../dates.js";

/**
 * The line above a comment or a post: the writer's photo (or initial), name (a link to their profile where there is
 * one), the M/D/YYYY date, and its markers (Edited, Deleted) as children.
 */
export function CommentHeader({ name, link, photo, date, children }: { name: string; link?: string | null; photo?: string | null; date: string; children?: ReactNode }) {
  return (
    <header className="comment__header">
      {photo ? (
        <img className="comment__avatar" src={photo} alt="" />
      ) : (
        <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      {link ? (
        <AppLink className="comment__author" href={link}>
          {name}
        </AppLink>
      ) : (
        <span className="comment__author">{name}</span>
      )}
      <time className="comment__date" dateTime={date}>
        {shortDate(date)}
      </time>
      {children}
    </header>
  );
}
