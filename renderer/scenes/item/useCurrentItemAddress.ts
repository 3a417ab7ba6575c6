import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { EditableItem } from "../../../contract/index.js";
import { itemQueryKey } from "../../api/editor.js";

/**
 * An item opened at an address it had before New link replaced it (the server answers it there to whoever may still
 * view it, with its current uid and link): the address bar gets its current link (with `suffix`, "/edit" on the edit
 * page, and the query and hash kept), and the answer is cached under the new uid so the page is not loaded again.
 */
export function useCurrentItemAddress(item: EditableItem | undefined, typePath: string, uid: string, suffix = ""): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const moved = item !== undefined && item.uid !== uid;
  useEffect(() => {
    if (!moved) return;
    queryClient.setQueryData(itemQueryKey(typePath, item.uid), item);
    void navigate(`${item.link}${suffix}${location.search}${location.hash}`, { replace: true, state: location.state as unknown });
  }, [moved, item, typePath, suffix, location, navigate, queryClient]);
}
