import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MESSAGES, NOTIFICATION_SETTING_KEYS, type NotificationSettingKey, type NotificationSettingsResponse } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { NOTIFICATION_SETTINGS_URL, saveNotificationSettings, useNotificationSettings } from "../../api/notifications.js";
import { useCurrentProfile } from "../../api/queries.js";
import { PATHS } from "../../routes/paths.js";
import { Alert } from "../Alert.js";
import { Icon } from "../Icon.js";
import { InlineLoadError } from "../InlineLoadError.js";
import { DialogActions, ModalFrame } from "../ModalFrame.js";
import { showToast } from "../toastStore.js";

/**
 * The Manage Notifications modal (second document): each setting the url names, with its description, checked when the
 * asker hears of it. Read from and saved to a configurable url (GET and PUT with settings and subscriber); the web
 * app's own by default.
 */
export function ManageNotificationsDialog({ url = NOTIFICATION_SETTINGS_URL, onClose }: { url?: string; onClose(): void }) {
  const settings = useNotificationSettings(url);
  return (
    <ModalFrame id="manage-notifications" title="Manage Notifications" description="Choose what you are told about on your Notifications page, and whether by e-mail too." onClose={onClose}>
      {settings.isPending && <p role="status">Loading your settings…</p>}
      {settings.isError && <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm url={url} answer={settings.data} onSaved={onClose} />}
    </ModalFrame>
  );
}

/** A button that opens the modal (in the Discuss card's header, for signed-in readers of the discussion). */
export function ManageNotificationsButton({ url }: { url?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
        <Icon name="bell" size={16} />
        Manage Notifications
      </button>
      {open && <ManageNotificationsDialog url={url} onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsForm({ url, answer, onSaved }: { url: string; answer: NotificationSettingsResponse; onSaved(): void }) {
  const id = useId();
  const profile = useCurrentProfile();
  const queryClient = useQueryClient();
  // The url's answer lists the asker's own settings (reports only for moderators and administrators), in the contract's order.
  const choices = NOTIFICATION_SETTING_KEYS.flatMap((key) => {
    const setting = answer.settings[key];
    return setting ? [{ key, ...setting }] : [];
  });
  const keys = choices.map((c) => c.key);
  const [chosen, setChosen] = useState<Record<string, boolean>>(() => Object.fromEntries(keys.map((key) => [key, answer.subscriber[key] !== false])));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveNotificationSettings(url, { subscriber: chosen as Partial<Record<NotificationSettingKey, boolean>> });
      queryClient.setQueryData(["notification-settings", url], { settings: saved.settings, subscriber: saved.subscriber });
      showToast(saved.message, "info");
      onSaved();
    } catch (error) {
      setFailure((await toApiError(error)).displayMessage);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Notification settings">
      <fieldset className="notification-settings">
        <legend className="visually-hidden">Tell me when</legend>
        {choices.map(({ key, label, description }) => (
          <Fragment key={key}>
            <label className="check notification-settings__choice">
              <input type="checkbox" checked={chosen[key]} onChange={(e) => setChosen((c) => ({ ...c, [key]: e.target.checked }))} aria-describedby={`${id}-${key}`} />
              <span className="check__label">
                <span className="notification-settings__label">{label}</span>
                <span id={`${id}-${key}`} className="field__hint">
                  {description}
                </span>
              </span>
            </label>
            {/* Mail goes only to a confirmed address: say so where e-mail is turned on, with the way to confirm one. */}
            {key === "email" && chosen.email && profile && !profile.email_verified && (
              <p className="field__hint notification-settings__hint" role="status">
                {profile.email ? "Your e-mail address is not confirmed yet, so nothing is mailed." : "Your account has no e-mail address yet, so nothing is mailed."}{" "}
                <Link to={PATHS.account}>{profile.email ? "Confirm it" : "Add one"} in your account settings</Link>.
              </p>
            )}
          </Fragment>
        ))}
      </fieldset>
      {failure && (
        <Alert tone="danger" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <DialogActions label="Save" busyLabel="Saving…" busy={saving} />
    </form>
  );
}
