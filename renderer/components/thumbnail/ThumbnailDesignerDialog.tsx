import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import {
  IMAGE_SEARCH_FEATURE,
  MESSAGES,
  THUMBNAIL_MESSAGES,
  nonDefaultThumbnailSettings,
  resolvedThumbnailSettings,
  type EditableItem,
  type ThumbnailPreset,
  type ThumbnailSettingDefinition,
  type IconValue,
  type ThumbnailSettings,
} from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { itemQueryKey } from "../../api/editor.js";
import { trackPhotoDownload } from "../../api/imageSearch.js";
import { queryKeys, useAppConfig } from "../../api/queries.js";
import { createPreset, deletePreset, presetsQueryKey, saveThumbnail, updatePreset, usePresets, useThumbnailSettingDefinitions } from "../../api/thumbnails.js";
import { Alert } from "../Alert.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { IconPicker } from "../icons/IconPicker.js";
import { DialogActions, ModalFrame } from "../ModalFrame.js";
import { TabList, TabPanel } from "../Tabs.js";
import { showToast } from "../toastStore.js";
import { DesignedThumbnail } from "./DesignedThumbnail.js";
import { ImageCropper, cropToDataUrl, cropToJpeg, type CropState } from "./ImageCropper.js";

const TABS = [
  { key: "image", label: "Thumbnail Image" },
  { key: "theme", label: "Theme Settings" },
  { key: "presets", label: "Presets" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : THUMBNAIL_MESSAGES.badSettings);

/** True when a field's depends_on holds for the current settings (or it has none). */
function isShown(definition: ThumbnailSettingDefinition, values: Record<string, unknown>): boolean {
  const rule = definition.depends_on;
  if (!rule) return true;
  const value = values[rule.key];
  if (rule.equals !== undefined && value !== rule.equals) return false;
  return rule.not === undefined || value !== rule.not;
}

/**
 * The Thumbnail Designer (second document): tabs Thumbnail Image (upload with the cropper, or remove the
 * image), Theme Settings (the typed fields of GET /system/thumbnail-designer/settings) and Presets; 'Save
 * Thumbnail' sends the image change and the non-default settings.
 */
export function ThumbnailDesignerDialog({ item, typePath, onClose }: { item: EditableItem; typePath: string; onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>("image");
  const [settings, setSettings] = useState<ThumbnailSettings>(item.thumbnail.thumbnail_settings ?? {});
  const [crop, setCrop] = useState<CropState | null>(null);
  const [cropPreview, setCropPreview] = useState<string | null>(null);
  const [cleared, setCleared] = useState(false);
  const [saving, setSaving] = useState(false);
  // Search images only where the site has an Unsplash key: elsewhere its dialog could only say it is not set up.
  const imageSearch = useAppConfig().data?.features[IMAGE_SEARCH_FEATURE] === true;
  const [failure, setFailure] = useState<string | null>(null);
  const definitions = useThumbnailSettingDefinitions();
  const values = resolvedThumbnailSettings(settings);

  useEffect(() => {
    if (!crop) return;
    const timer = window.setTimeout(() => setCropPreview(cropToDataUrl(crop, 200)), 60);
    return () => window.clearTimeout(timer);
  }, [crop]);

  const imageUrl = (crop && cropPreview) || (cleared ? null : item.thumbnail.thumb_url);

  const setValue = (key: string, value: unknown) => setSettings((current) => ({ ...current, [key]: value }));

  const handleSave = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const image = crop ? await cropToJpeg(crop) : null;
      const answer = await saveThumbnail(item.link, { image, clearImage: cleared && !image, settings: nonDefaultThumbnailSettings(settings) });
      queryClient.setQueryData<EditableItem>(itemQueryKey(typePath, item.uid), (old) => (old ? { ...old, thumbnail: answer.thumbnail } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.searchAll });
      showToast(answer.message, "info");
      // Unsplash's guidelines: a searched photo now used is reported (through the server); a failure there is not the author's concern.
      if (image && crop?.downloadLocation) trackPhotoDownload(crop.downloadLocation).catch((error: unknown) => console.warn("Unsplash was not told the photo was used.", error));
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalFrame className="dialog dialog--thumbnail" title={THUMBNAIL_MESSAGES.dialogTitle} onClose={onClose}>
      <div className="thumbnail-designer">
        <div className="thumbnail-designer__main">
          <TabList idBase={id} label="Thumbnail designer" tabs={TABS} active={tab} onSelect={setTab} />
          <TabPanel idBase={id} tabKey="image" active={tab === "image"}>
            <ImageCropper
              imageSearch={imageSearch}
              onChange={(next) => {
                setCrop(next);
                if (next) setCleared(false);
              }}
            />
            {!crop && !cleared && item.thumbnail.thumb_url && (
              <button type="button" className="button button--ghost button--small" onClick={() => setCleared(true)}>
                Remove image
              </button>
            )}
            {cleared && <p className="empty-note">The image will be removed when you save.</p>}
          </TabPanel>
          <TabPanel idBase={id} tabKey="theme" active={tab === "theme"}>
            {definitions.isError ? (
              <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
            ) : definitions.data ? (
              <div className="thumbnail-settings">
                {definitions.data.data.filter((d) => d.tab === "theme" && isShown(d, values)).map((d) => (
                  <SettingField key={d.key} id={`${id}-${d.key}`} definition={d} value={values[d.key as keyof typeof values]} onChange={(v) => setValue(d.key, v)} />
                ))}
                <button type="button" className="button button--ghost button--small" onClick={() => setSettings({})}>
                  Reset to defaults
                </button>
              </div>
            ) : (
              <p className="page-status">Loading…</p>
            )}
          </TabPanel>
          <TabPanel idBase={id} tabKey="presets" active={tab === "presets"}>
            {tab === "presets" && <PresetsPanel id={id} settings={settings} onApply={(s) => setSettings(s)} />}
          </TabPanel>
        </div>
        <aside className="thumbnail-designer__preview" aria-label="Preview">
          <p className="field__label">Preview</p>
          <DesignedThumbnail imageUrl={imageUrl} settings={nonDefaultThumbnailSettings(settings)} iconKind={item.model_key} label={`${item.type_name_singular} thumbnail preview`} iconSize={56} className="designed-thumb--preview" />
        </aside>
      </div>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label={THUMBNAIL_MESSAGES.save} busyLabel="Saving…" busy={saving} onAction={() => void handleSave()} />
    </ModalFrame>
  );
}

/** One typed setting field (checkbox, select, color, range, icon or text). */
function SettingField({ id, definition, value, onChange }: { id: string; definition: ThumbnailSettingDefinition; value: unknown; onChange(value: unknown): void }) {
  if (definition.type === "icon") return <IconPicker id={id} label={definition.label} value={(value as IconValue | null) ?? null} onChange={onChange} />;
  if (definition.type === "checkbox") {
    return (
      <label className="choice" htmlFor={id}>
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {definition.label}
      </label>
    );
  }
  return (
    <div className="field field--compact">
      <label className="field__label" htmlFor={id}>
        {definition.label}
        {definition.type === "range" && ` (${Number(value).toFixed(2)})`}
      </label>
      {definition.type === "select" ? (
        <select id={id} className="input" value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {definition.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : definition.type === "range" ? (
        <input id={id} type="range" min={definition.min} max={definition.max} step={definition.step} value={Number(value)} onChange={(e) => onChange(Number(e.target.value))} />
      ) : definition.type === "color" ? (
        <input id={id} className="color-input" type="color" value={String(value)} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} className="input" type="text" value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** The Presets tab: apply a preset, save the current settings as one, update or delete your own. */
function PresetsPanel({ id, settings, onApply }: { id: string; settings: ThumbnailSettings; onApply(settings: ThumbnailSettings): void }) {
  const queryClient = useQueryClient();
  const presets = usePresets(true);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ThumbnailPreset | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: presetsQueryKey });

  const run = async (work: () => Promise<{ message: string }>) => {
    setError(null);
    try {
      const answer = await work();
      showToast(answer.message, "info");
      await refresh();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  const handleCreate = async () => {
    if (await run(() => createPreset({ name, settings: nonDefaultThumbnailSettings(settings) }))) setName("");
  };

  return (
    <div className="stack">
      <div className="preset-create">
        <div className="field field--compact">
          <label className="field__label" htmlFor={`${id}-preset-name`}>
            Preset name
          </label>
          <input id={`${id}-preset-name`} className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="button" className="button button--secondary" onClick={() => void handleCreate()}>
          Save current settings as preset
        </button>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
      {presets.isError ? (
        // A failed load is not an empty list: saying 'No Presets Found' would tell the person something false.
        <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
      ) : presets.isPending ? (
        <p className="page-status">Loading…</p>
      ) : !presets.data?.length ? (
        <p className="empty-note">{THUMBNAIL_MESSAGES.noPresets}</p>
      ) : (
        <ul className="preset-list" aria-label="Presets">
          {presets.data.map((preset) => (
            <li key={preset.id} className="preset-list__item">
              <DesignedThumbnail imageUrl={null} settings={preset.settings} iconKind="lesson_plan" label={`${preset.name} preset`} iconSize={20} className="designed-thumb--swatch" />
              <span className="preset-list__name">{preset.name}</span>
              <button type="button" className="button button--small button--secondary" onClick={() => onApply(preset.settings)}>
                Apply<span className="visually-hidden"> {preset.name}</span>
              </button>
              {preset.is_owner && (
                <>
                  <button type="button" className="button button--small button--ghost" onClick={() => void run(() => updatePreset(preset.id, { name: preset.name, settings: nonDefaultThumbnailSettings(settings) }))}>
                    Update<span className="visually-hidden"> {preset.name} with the current settings</span>
                  </button>
                  <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(preset)}>
                    Delete<span className="visually-hidden"> {preset.name}</span>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete preset"
          message={THUMBNAIL_MESSAGES.presetDeleteConfirm}
          confirmLabel="Delete"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const preset = confirming;
            setConfirming(null);
            void run(() => deletePreset(preset.id));
          }}
        />
      )}
    </div>
  );
}
