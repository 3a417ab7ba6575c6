import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import {
  CREATE_MESSAGES,
  CURRICULUM_MODEL_KEYS,
  CollectionCreateRequest,
  type CurriculumModelKey,
  DEFAULT_JOIN_PERMISSION,
  DEFAULT_VIEW_PERMISSION,
  GROUP_JOIN_INVITATION_ONLY,
  GroupCreateRequest,
  type ResourceCreateResponse,
} from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useTypeExamples } from "../api/authoring.js";
import { useAppConfig, useCreateCollectionMutation, useCreateGroupMutation, useGroupPermissionOptions } from "../api/queries.js";
import { AddResourceForm } from "./AddResourceForm.js";
import { Alert } from "./Alert.js";
import { CurriculumCreateForm } from "./CurriculumCreateForm.js";
import { Field, fieldErrorProps } from "./Field.js";
import { Icon, type IconName } from "./Icon.js";
import { DialogActions, ModalFrame } from "./ModalFrame.js";
import { showToast } from "./toastStore.js";
import { rescueFocusFromBody } from "../hooks/useFocusHeadingOnNavigate.js";

/** Every type the creator modal knows, in grid order; app config and the caller narrow it. */
export const CREATABLE_TYPES = ["resource", "lesson_plan", "collection", "outline", "project", "pathway", "group"] as const;
export type CreatableType = (typeof CREATABLE_TYPES)[number];

const TYPES: Record<CreatableType, { label: string; article: string; icon: IconName; description: string; searchType: string }> = {
  resource: { label: "Resource", article: "a", icon: "file", searchType: "resources", description: "Share a link to a website or video, or upload a document, PDF or image for others to use." },
  lesson_plan: { label: "Lesson Plan", article: "a", icon: "clipboard", searchType: "lesson_plans", description: "Plan one lesson, with its objectives, activities and assessment, starting from a template." },
  collection: { label: "Collection", article: "a", icon: "layers", searchType: "collections", description: "Gather resources, lesson plans and other items into one list to share or teach from." },
  outline: { label: "Outline", article: "an", icon: "list", searchType: "outlines", description: "Lay out a unit or a course as an ordered set of sections." },
  project: { label: "Project", article: "a", icon: "briefcase", searchType: "projects", description: "A project learners work through: a driving question, milestones and a final product." },
  pathway: { label: "Pathway", article: "a", icon: "route", searchType: "pathways", description: "A sequence of courses and experiences that leads toward a goal or a career." },
  group: { label: "Group", article: "a", icon: "users", searchType: "groups", description: "A place where educators join together to share resources, plan and talk." },
};

const isCurriculum = (type: CreatableType): type is CurriculumModelKey => (CURRICULUM_MODEL_KEYS as readonly string[]).includes(type);

/** A new collection or group: the server's message and the new item's link. */
interface Created {
  message: string;
  link: string;
}

/**
 * The header's Create button and the creator modal: a grid of the types app config allows (narrowed by
 * `types`), the selected type's description and example items, then the confirmed type's form. With
 * `forcedType` the form opens at once and Cancel closes the modal.
 */
export function CreateDialog({
  types,
  forcedType,
  triggerLabel = "Create",
  triggerClassName = "button button--primary button--small",
  onCreated,
}: {
  types?: readonly CreatableType[];
  forcedType?: CreatableType;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Replaces the default of going to a new resource's or curriculum item's editor (link + "/edit"). */
  onCreated?(link: string): void;
}) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const allowed = CREATABLE_TYPES.filter((t) => (config.data?.creatableTypes ?? CREATABLE_TYPES).includes(t) && (!types || types.includes(t)));
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CreatableType | null>(null);
  const [confirmed, setConfirmed] = useState<CreatableType | null>(forcedType ?? null);
  // Set when the dialog closes because a new page opens: focus then goes to that page's heading, not back to Create.
  const leaving = useRef(false);
  const current = chosen && allowed.includes(chosen) ? chosen : (allowed[0] ?? null);
  // Confirming a type, or going back to choose another, unmounts the control that had focus: the next step takes it
  // (the form's first field, or the chosen type's radio) rather than leaving it on the dialog as a whole.
  const body = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const handleConfirm = (type: CreatableType) => {
    moveFocus.current = true;
    setConfirmed(type);
  };
  const handleBack = () => {
    moveFocus.current = true;
    setConfirmed(null);
  };
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const next = confirmed === null ? 'input[type="radio"]:checked' : 'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]):not([type="file"]), textarea';
    body.current?.querySelector<HTMLElement>(next)?.focus();
  }, [confirmed]);

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setConfirmed(forcedType ?? null);
  };

  /** Resources and curriculum items continue in their editor (second document). */
  const handleEditorCreated = (link: string) => {
    leaving.current = true;
    handleOpenChange(false);
    if (onCreated) onCreated(link);
    else void navigate(`${link}/edit`);
  };

  /**
   * A new resource continues in its editor; from the header's Add Resource (onCreated) the search screen lists it first
   * instead, often below the fold, so a toast says it was made and where it is.
   */
  const handleResourceCreated = (answer: ResourceCreateResponse) => {
    if (onCreated) showToast(`${answer.message} “${answer.response.title}” is first in the list, newest first.`, "info");
    handleEditorCreated(answer.response.link);
  };

  /** First document, routes: a new collection opens in its editor (link + "/edit"), a new group on its page. */
  const handleCreated = ({ message, link }: Created, target: "edit" | "view") => {
    leaving.current = true;
    handleOpenChange(false);
    showToast(message, "info");
    void navigate(target === "edit" ? `${link}/edit` : link);
  };

  /** A link inside the dialog (a template's Manage selected) opens another page. */
  const handleLeave = () => {
    leaving.current = true;
    handleOpenChange(false);
  };

  /**
   * A new page gets focus on its heading (useFocusHeadingOnNavigate); Radix would hand it back to the trigger. Where the
   * address changes but not the page (Add Resource from the search screen, which lists the new item first), the
   * heading of the page still shown takes it, not <body>.
   */
  const handleCloseAutoFocus = (event: Event) => {
    if (!leaving.current) return;
    leaving.current = false;
    event.preventDefault();
    rescueFocusFromBody();
  };

  const cancel = <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>;
  const size = confirmed === "resource" ? "dialog--full" : "dialog--wide";
  return (
    <ModalFrame
      open={open}
      onOpenChange={handleOpenChange}
      trigger={<Dialog.Trigger className={triggerClassName}>{triggerLabel}</Dialog.Trigger>}
      className={`dialog ${size}`}
      contentProps={{ onCloseAutoFocus: handleCloseAutoFocus }}
      title={confirmed === "resource" ? "Add Resource" : confirmed ? `Create ${TYPES[confirmed].article} ${TYPES[confirmed].label.toLowerCase()}` : "Create"}
    >
      <div ref={body} className="create-dialog__body">
        {confirmed === null ? (
          current ? <TypeChooser types={allowed} chosen={current} onChoose={setChosen} onConfirm={handleConfirm} /> : <p className="dialog__text">There is nothing you can create here.</p>
        ) : (
          <>
            {!forcedType && (
              <button type="button" className="link-button create-back" onClick={handleBack}>
                Choose Another Type
              </button>
            )}
            {confirmed === "resource" ? (
              <AddResourceForm onCreated={handleResourceCreated} actions={cancel} />
            ) : isCurriculum(confirmed) ? (
              <CurriculumCreateForm modelKey={confirmed} onCreated={handleEditorCreated} onLeave={handleLeave} actions={cancel} />
            ) : confirmed === "collection" ? (
              <CollectionForm onCreated={(created) => handleCreated(created, "edit")} />
            ) : (
              <GroupForm onCreated={(created) => handleCreated(created, "view")} />
            )}
          </>
        )}
      </div>
    </ModalFrame>
  );
}

/** A grid of the creatable types as radio cards beside the selected type's details; double-click or Create confirms. */
function TypeChooser({ types, chosen, onChoose, onConfirm }: { types: CreatableType[]; chosen: CreatableType; onChoose(type: CreatableType): void; onConfirm(type: CreatableType): void }) {
  const name = useId();
  const detailsId = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(chosen);
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Choose what to create">
      <div className="creator">
        <fieldset className="create-types">
          <legend className="dialog__text">What would you like to create?</legend>
          {types.map((t) => (
            <label key={t} className="create-type" onDoubleClick={() => onConfirm(t)}>
              <input type="radio" name={name} value={t} checked={chosen === t} onChange={() => onChoose(t)} aria-describedby={chosen === t ? detailsId : undefined} />
              <span className="create-type__name">
                <Icon name={TYPES[t].icon} />
                {TYPES[t].label}
              </span>
            </label>
          ))}
        </fieldset>
        <TypeDetails id={detailsId} type={chosen} />
      </div>
      <DialogActions label="Create" />
    </form>
  );
}

/** The selected type's description and a few recent items of that type as examples. */
function TypeDetails({ id, type }: { id: string; type: CreatableType }) {
  const info = TYPES[type];
  const examples = useTypeExamples(info.searchType, { types: info.searchType });
  const headingId = useId();
  return (
    <section className="creator__details" aria-labelledby={headingId} aria-live="polite">
      <h3 id={headingId} className="creator__heading">
        {info.label}
      </h3>
      <p id={id} className="creator__description">
        {info.description}
      </p>
      {examples.data && examples.data.data.length > 0 && (
        <>
          <h4 className="creator__subheading">Examples</h4>
          <ul className="creator__examples">
            {examples.data.data.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Errors<F extends string> = Partial<Record<F, string>>;

/** Shared form state: values, field errors from the contract's schema, and the failure message. */
function useCreateForm<F extends string>(fields: readonly F[], initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const inputId = (field: F) => `${id}-${field}`;

  /** Shows field errors and moves focus to the first one. */
  const showErrors = (next: Errors<F>) => {
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  };

  /** Validates with the contract's schema; returns the parsed request or null after showing errors. */
  const validate = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      showErrors({});
      return parsed.data;
    }
    const next: Errors<F> = {};
    for (const issue of parsed.error.issues) next[issue.path[0] as F] ??= issue.message;
    showErrors(next);
    return null;
  };

  /** A 422 shows the server's message; anything else the spec's failure message. */
  const fail = (error: unknown, fallback: string) => setFailure(error instanceof ApiError && error.status === 422 ? error.displayMessage : fallback);

  const fieldProps = (field: F) => ({
    id: inputId(field),
    name: field,
    value: values[field],
    ...fieldErrorProps(inputId(field), errors[field]),
  });
  const setValue = (field: F, value: string) => setValues((v) => ({ ...v, [field]: value }));
  return { values, errors, failure, setFailure, inputId, validate, fail, fieldProps, setValue };
}

const COLLECTION_FIELDS = ["title", "description"] as const;

/** Title and description of a new collection. */
function CollectionForm({ onCreated }: { onCreated(created: Created): void }) {
  const form = useCreateForm(COLLECTION_FIELDS, { title: "", description: "" });
  const mutation = useCreateCollectionMutation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = form.validate(CollectionCreateRequest, form.values);
    if (!request) return;
    form.setFailure(null);
    try {
      const answer = await mutation.mutateAsync(request);
      onCreated({ message: answer.message, link: answer.link });
    } catch (error) {
      form.fail(error, CREATE_MESSAGES.collectionFailed);
    }
  };

  return (
    <form className="create-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="New collection">
      {form.failure && <Alert tone="danger">{form.failure}</Alert>}
      <Field id={form.inputId("title")} label="Title" error={form.errors.title}>
        <input className="input" type="text" required maxLength={255} {...form.fieldProps("title")} onChange={(e) => form.setValue("title", e.target.value)} />
      </Field>
      <Field id={form.inputId("description")} label="Description" error={form.errors.description}>
        <textarea className="input textarea" rows={4} maxLength={5000} {...form.fieldProps("description")} onChange={(e) => form.setValue("description", e.target.value)} />
      </Field>
      <FormActions pending={mutation.isPending} label="Create Collection" />
    </form>
  );
}

const GROUP_FIELDS = ["name", "short_name", "description", "join_permission", "view_permission"] as const;

/** The join permission whose groups may also take requests to join (the payload's can_request_join: "Invitation only"). */
const ASKABLE_JOIN_PERMISSION = String(GROUP_JOIN_INVITATION_ONLY);

/** Name, short name, about text and the permission choices of a new group. */
function GroupForm({ onCreated }: { onCreated(created: Created): void }) {
  const form = useCreateForm(GROUP_FIELDS, {
    name: "",
    short_name: "",
    description: "",
    join_permission: String(DEFAULT_JOIN_PERMISSION),
    view_permission: String(DEFAULT_VIEW_PERMISSION),
  });
  const options = useGroupPermissionOptions(true);
  const mutation = useCreateGroupMutation();
  // can_request_join (default false) means something for an invitation-only group only, so the box is shown with it.
  const [takesRequests, setTakesRequests] = useState(false);
  const askable = form.values.join_permission === ASKABLE_JOIN_PERMISSION;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { short_name, view_permission, ...rest } = form.values;
    const request = form.validate(GroupCreateRequest, {
      ...rest,
      ...(short_name.trim() ? { short_name } : {}),
      ...(options.data?.showView ? { view_permission } : {}),
      can_request_join: askable && takesRequests,
    });
    if (!request) return;
    form.setFailure(null);
    try {
      const answer = await mutation.mutateAsync(request);
      onCreated({ message: answer.message, link: answer.objGroup.link });
    } catch (error) {
      form.fail(error, CREATE_MESSAGES.groupFailed);
    }
  };

  return (
    <form className="create-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="New group">
      {form.failure && <Alert tone="danger">{form.failure}</Alert>}
      {options.isError && <Alert tone="danger">{CREATE_MESSAGES.groupFailed}</Alert>}
      <Field id={form.inputId("name")} label="Name" error={form.errors.name}>
        <input className="input" type="text" required maxLength={255} {...form.fieldProps("name")} onChange={(e) => form.setValue("name", e.target.value)} />
      </Field>
      <Field id={form.inputId("short_name")} label="Short name (optional)" error={form.errors.short_name}>
        <input className="input" type="text" maxLength={64} {...form.fieldProps("short_name")} onChange={(e) => form.setValue("short_name", e.target.value)} />
      </Field>
      <Field id={form.inputId("description")} label="About" error={form.errors.description}>
        <textarea className="input textarea" rows={4} required maxLength={5000} {...form.fieldProps("description")} onChange={(e) => form.setValue("description", e.target.value)} />
      </Field>
      {options.data && (
        <Field id={form.inputId("join_permission")} label="Who can join" error={form.errors.join_permission}>
          <select className="select" {...form.fieldProps("join_permission")} onChange={(e) => form.setValue("join_permission", e.target.value)}>
            {options.data.join.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      {options.data && askable && (
        <label className="check">
          <input type="checkbox" checked={takesRequests} onChange={(e) => setTakesRequests(e.target.checked)} />
          <span className="check__label">Also take requests to join</span>
        </label>
      )}
      {options.data?.showView && (
        <Field id={form.inputId("view_permission")} label="Who can see the group" error={form.errors.view_permission}>
          <select className="select" {...form.fieldProps("view_permission")} onChange={(e) => form.setValue("view_permission", e.target.value)}>
            {options.data.view.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <FormActions pending={mutation.isPending || options.isPending} label="Create Group" />
    </form>
  );
}

function FormActions({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="dialog__actions">
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
        {label}
      </button>
      <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>
    </div>
  );
}
