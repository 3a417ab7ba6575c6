import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../api/ApiError.js";
import { profileQueryKey, uploadProfileImage } from "../../api/profiles.js";
import { queryKeys } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { ModalFrame } from "../../components/ModalFrame.js";
import { ImageCropper, cropToJpeg, type CropState } from "../../components/thumbnail/ImageCropper.js";
import { showToast } from "../../components/toastStore.js";

/**
 * The image uploader for a profile's photo (second document: "profile photo upload", with the image crop's rules:
 * square, 512 to 1024 pixels, previews at 160, 100 and 40 px, JPEG quality 90). The server's refusal is shown in the dialog.
 */
export function ProfilePhotoDialog({ uid, onClose }: { uid: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const [crop, setCrop] = useState<CropState | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSave = async () => {
    if (!crop || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await uploadProfileImage(uid, await cropToJpeg(crop));
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) }), queryClient.invalidateQueries({ queryKey: queryKeys.initializeData })]);
      showToast(answer.message, "info");
      onClose();
    } catch (error) {
      setFailure(messageOf(error, "The photo could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalFrame className="dialog dialog--wide" title="Profile photo" description="Choose an image, then move and zoom it to frame your photo." onClose={onClose}>
      <ImageCropper onChange={setCrop} />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--primary" disabled={!crop} aria-disabled={saving || undefined} onClick={handleSave}>
          {saving ? "Saving…" : "Save photo"}
        </button>
      </div>
    </ModalFrame>
  );
}
