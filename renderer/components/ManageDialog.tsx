import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { MESSAGES } from "../../contract/index.js";
import { messageOf } from "../api/ApiError.js";
import { Alert } from "./Alert.js";
import { ModalFrame, type ModalFrameProps } from "./ModalFrame.js";
import { showToast } from "./toastStore.js";

type ManageDialogProps<T> = Omit<ModalFrameProps, "children" | "open" | "onOpenChange" | "trigger"> & {
  onClose(): void;
  /** The dialog's data as its query holds it. */
  query: { data: T | undefined; error: Error | null; isPending: boolean };
  /** The form, once the data has come. */
  children: (data: T) => ReactNode;
};

/**
 * The frame of a dialog that manages something of an item from data it loads first (permissions, endorsements,
 * badges): "Loading…", then the form, or the server's message in a danger alert when the data could not be had.
 */
export function ManageDialog<T>({ query, children, ...frame }: ManageDialogProps<T>) {
  const { data, error, isPending } = query;
  return (
    <ModalFrame {...frame}>
      {isPending ? (
        <p className="page-status">Loading…</p>
      ) : error || data === undefined ? (
        <Alert tone="danger">{messageOf(error, MESSAGES.unexpected)}</Alert>
      ) : (
        children(data)
      )}
    </ModalFrame>
  );
}

/**
 * A dialog's save (second document: owner change, badges, endorsements, permissions; also flagging and the tour editor):
 * on success the answer's message as a toast (the server's, or the dialog's own thanks), the queries showing what changed
 * fetched again, and the dialog closed; on failure the server's message for the dialog's danger alert, the form kept as it was.
 */
export function useSaveAndClose(onClose: () => void, refresh: QueryKey[] = []) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const save = async (send: () => Promise<{ message: string }>) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await send();
      showToast(answer.message, "info");
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onClose();
    } catch (err) {
      setFailure(messageOf(err, MESSAGES.unexpected));
      setSubmitting(false);
    }
  };
  return { failure, submitting, save };
}
