import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { MESSAGES, PROFILE_LIMITS, PROFILE_MESSAGES, ProfileUpdateRequest, type ProfileView } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { profileQueryKey, updateProfile } from "../../api/profiles.js";
import { queryKeys } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { DialogActions, ModalFrame } from "../../components/ModalFrame.js";
import { showToast } from "../../components/toastStore.js";
import { InstitutionPicker, withPendingInstitution, type InstitutionPick } from "./InstitutionPicker.js";

type FieldName = "name" | "location" | "description" | "institutions";
const FIELDS: FieldName[] = ["name", "location", "description", "institutions"];

/** The request's field a message belongs to, from its path (`institutions.0.name` is the institutions field's). */
const fieldOf = (path: string): FieldName | undefined => FIELDS.find((f) => f === path.split(".")[0]);

/** Escape in the institutions' open list closes the list (the picker's own handler), not the dialog. */
const handleEscapeKeyDown = (event: KeyboardEvent) => {
  if (event.target instanceof HTMLElement && event.target.getAttribute("role") === "combobox" && event.target.getAttribute("aria-expanded") === "true") event.preventDefault();
};

/**
 * The Edit profile dialog: name (required), location, about and institutions, checked with the contract's rules
 * before sending; the server's refusal shows at its field (or above the buttons when it names none). Saving
 * refreshes the page and the header, which shows the signed-in person's name.
 */
export function ProfileEditDialog({ profile, onClose }: { profile: ProfileView; onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: profile.name, location: profile.location ?? "", description: profile.description ?? "" });
  const [institutions, setInstitutions] = useState<InstitutionPick[]>(profile.institutions);
  const [institutionTerm, setInstitutionTerm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = (field: FieldName) => `${id}-${field}`;

  /** Shows the messages at their fields and moves focus to the first field in error. */
  const showErrors = (messages: [path: string, message: string][]) => {
    const next: Partial<Record<FieldName, string>> = {};
    for (const [path, message] of messages) {
      const field = fieldOf(path);
      if (field) next[field] ??= message;
    }
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) document.getElementById(inputId(first))?.focus();
    return first !== undefined;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    // The name still typed in the institutions field is saved with the rest, never dropped: added first when it can
    // be, or saving stops at the field (as the keyword editor's does).
    const chosen = withPendingInstitution(institutionTerm, institutions);
    if (!chosen) {
      showErrors([["institutions", PROFILE_MESSAGES.pendingInstitution]]);
      return;
    }
    if (institutionTerm) {
      setInstitutions(chosen);
      setInstitutionTerm("");
    }
    const body = { ...values, institutions: chosen.map((i) => (i.institution_id === null ? { name: i.name } : { institution_id: i.institution_id })) };
    const parsed = ProfileUpdateRequest.safeParse(body);
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const answer = await updateProfile(profile.uid, body);
      // The header reads the signed-in person's name from the session's data.
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey(profile.uid) }), queryClient.invalidateQueries({ queryKey: queryKeys.initializeData })]);
      showToast(answer.message, "info");
      onClose();
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      const atFields = refusal ? showErrors(Object.entries(refusal.fieldErrors).flatMap(([path, messages]) => messages.map((m): [string, string] => [path, m]))) : false;
      if (!atFields) setFailure(refusal ? refusal.displayMessage : MESSAGES.unexpected);
    } finally {
      setSaving(false);
    }
  };

  // An edited field's message no longer describes it.
  const setValue = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const handleInstitutionsChange = (next: InstitutionPick[]) => {
    setInstitutions(next);
    setErrors((e) => ({ ...e, institutions: undefined }));
  };
  const handleInstitutionTermChange = (term: string) => {
    setInstitutionTerm(term);
    // A complaint about the typed entry goes once the entry changes.
    setErrors((e) => (e.institutions === PROFILE_MESSAGES.pendingInstitution ? { ...e, institutions: undefined } : e));
  };

  return (
    <ModalFrame id="profile-edit" className="dialog dialog--wide" title="Edit profile" description="What others see on your profile page." onClose={onClose} contentProps={{ onEscapeKeyDown: handleEscapeKeyDown }}>
      <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Edit profile">
        <Field id={inputId("name")} label="Name" error={errors.name}>
          <input
            id={inputId("name")}
            className="input"
            autoComplete="name"
            aria-required="true"
            maxLength={PROFILE_LIMITS.nameMax}
            value={values.name}
            onChange={(e) => setValue("name")(e.target.value)}
            {...fieldErrorProps(inputId("name"), errors.name)}
          />
        </Field>
        <Field id={inputId("location")} label="Location (optional)" error={errors.location}>
          <input
            id={inputId("location")}
            className="input"
            autoComplete="address-level2"
            maxLength={PROFILE_LIMITS.locationMax}
            value={values.location}
            onChange={(e) => setValue("location")(e.target.value)}
            {...fieldErrorProps(inputId("location"), errors.location)}
          />
        </Field>
        <Field id={inputId("description")} label="About (optional)" error={errors.description}>
          <textarea
            id={inputId("description")}
            className="input"
            rows={5}
            maxLength={PROFILE_LIMITS.aboutMax}
            value={values.description}
            onChange={(e) => setValue("description")(e.target.value)}
            {...fieldErrorProps(inputId("description"), errors.description)}
          />
        </Field>
        <InstitutionPicker
          id={inputId("institutions")}
          value={institutions}
          onChange={handleInstitutionsChange}
          term={institutionTerm}
          onTermChange={handleInstitutionTermChange}
          error={errors.institutions}
        />
        {failure && (
          <Alert tone="danger" onDismiss={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <DialogActions label="Save profile" busyLabel="Saving…" busy={saving} />
      </form>
    </ModalFrame>
  );
}
