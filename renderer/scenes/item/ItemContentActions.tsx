import { useState } from "react";
import type { EditableItem } from "../../../contract/index.js";
import { ShareDialog } from "../../components/content/ShareDialog.js";
import { ExportDialog } from "../../components/ExportDialog.js";
import { ThumbnailDesignerDialog } from "../../components/thumbnail/ThumbnailDesignerDialog.js";

/**
 * The view page's Share and Export buttons (for all who may view) and Design Thumbnail (for those who may edit), with their dialogs.
 * A group has no Export: its document would be only the name, leader and About the page's header shows, without what a group is
 * (its feed, discussions and members).
 */
export function ItemContentActions({ item, typePath }: { item: EditableItem; typePath: string }) {
  const [open, setOpen] = useState<"share" | "export" | "thumbnail" | null>(null);
  const exportable = !(item.model_key === "profile" && item.sub_type === "group");
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen("share")}>
        Share
      </button>
      {exportable && (
        <button type="button" className="button button--secondary" onClick={() => setOpen("export")}>
          Export
        </button>
      )}
      {item.abilities.edit && (
        <button type="button" className="button button--secondary" onClick={() => setOpen("thumbnail")}>
          Design Thumbnail
        </button>
      )}
      {open === "share" && <ShareDialog item={item} onClose={() => setOpen(null)} />}
      {open === "export" && <ExportDialog item={item} onClose={() => setOpen(null)} />}
      {open === "thumbnail" && <ThumbnailDesignerDialog item={item} typePath={typePath} onClose={() => setOpen(null)} />}
    </>
  );
}
