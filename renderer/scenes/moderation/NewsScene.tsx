import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  CAROUSEL_TEXTS,
  CommunityCalloutSettings,
  NEWS_BUTTON_VARIANTS,
  NEWS_MESSAGES,
  type ManagedNewsItem,
  type NewsAudience,
  type NewsButtonVariant,
  type NewsCarouselItem,
} from "../../../contract/index.js";
import { deleteNewsItem, saveNewsItem, useManagedNews } from "../../api/carousels.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { NewsSlide } from "../../components/carousel/NewsCarousel.js";
import { shortDate } from "../../components/dates.js";
import { StaffCard, StaffEntriesPage, StaffFormDialog, useStaffForm, type StaffFormProps } from "./staffEditing.js";

const AUDIENCE_LABELS: Record<NewsAudience, string> = { public: "Everyone", authed: "Signed-in members" };
const BUTTON_LABELS: Record<NewsButtonVariant, string> = { primary: "Blue", secondary: "White with a blue outline", light: "White", dark: "Dark" };

/** The administrators' list of news items (the slides of the search screen's news carousel), at /moderation/news. */
export function NewsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_news);
  const news = useManagedNews(allowed);
  const queryClient = useQueryClient();

  /** After a change: this list and the carousel everyone sees (both keys start with "news"). */
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["news"] });

  const nextOrder = Math.max(-1, ...(news.data?.data ?? []).map((n) => n.sort_order)) + 1;
  return (
    <StaffEntriesPage
      title="News"
      intro="The slides of the news carousel at the top of the search screen, in this order. A draft is shown to no one; a slide for signed-in members is hidden from guests."
      permission="manage_news"
      noun="news item"
      nouns="news items"
      newId="new-news-item"
      counted
      query={news}
      card={(item, { edit, ask }) => <NewsCard key={item.id} item={item} onEdit={edit} onDelete={() => ask("delete")} />}
      form={(item, props) => <NewsDialog item={item} nextOrder={nextOrder} {...props} />}
      afterSave={refresh}
      deletion={{ question: (item) => `Are you sure you want to delete "${item.title}"? Its slide leaves the carousel for everyone.`, run: (item) => deleteNewsItem(item.id) }}
    />
  );
}

function NewsCard({ item, onEdit, onDelete }: { item: ManagedNewsItem; onEdit(): void; onDelete(): void }) {
  return (
    <StaffCard className="news-card" state={item.is_published ? `Shown to ${AUDIENCE_LABELS[item.audience].toLowerCase()}` : "Draft"} shown={item.is_published} title={item.title} onEdit={onEdit} onDelete={onDelete}>
      {item.description && <p className="news-card__description">{item.description}</p>}
      <p className="report__meta">
        Order {item.sort_order}
        {item.link ? ` · leads to ${item.link}` : " · no call to action"} · changed on <time dateTime={item.updated_at}>{shortDate(item.updated_at)}</time>
      </p>
    </StaffCard>
  );
}

/** The fields the form shows errors under (the API's names). */
const FIELDS = ["title", "description", "banner_url", "link", "cta_text", "sort_order"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Adding (no item: it goes last, at `nextOrder`) or editing one. PUT replaces the whole item, so the callout's settings the form does not show
 * (opacity, blur, shadow, outline, its own title and description) are sent back as they were.
 */
function NewsDialog({ item, nextOrder, onClose, onSaved }: { item: ManagedNewsItem | null; nextOrder: number } & StaffFormProps) {
  const form = useStaffForm(FIELDS);
  const { errors, control, edit, fieldId } = form;
  // The controls with no error of their own.
  const id = useId();
  const [title, setTitle] = useState(item?.title ?? "");
  const [description, setDescription] = useState(item?.description ?? "");
  const [bannerUrl, setBannerUrl] = useState(item?.banner_url ?? "");
  const [link, setLink] = useState(item?.link ?? "");
  const [ctaText, setCtaText] = useState(item?.cta_text ?? "");
  const [audience, setAudience] = useState<NewsAudience>(item?.audience ?? "public");
  const [published, setPublished] = useState(item?.is_published ?? true);
  const [order, setOrder] = useState(String(item?.sort_order ?? nextOrder));
  const [settings, setSettings] = useState<CommunityCalloutSettings>(item?.community_callout_settings ?? CommunityCalloutSettings.parse({}));

  const setting = <K extends keyof CommunityCalloutSettings>(key: K, value: CommunityCalloutSettings[K]) => setSettings((s) => ({ ...s, [key]: value }));

  const check = () => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!title.trim()) found.title = NEWS_MESSAGES.titleRequired;
    if (!/^-?\d+$/.test(order.trim())) found.sort_order = "The order is a whole number (lower comes first).";
    return found;
  };
  const handleSubmit = form.submit(check, async () => {
    await saveNewsItem(item?.id ?? null, { title, description, banner_url: bannerUrl, link, cta_text: ctaText, audience, is_published: published, sort_order: Number(order), community_callout_settings: settings });
    await onSaved(NEWS_MESSAGES.saved);
  });

  const preview: NewsCarouselItem = { id: item?.id ?? 0, title: title.trim() || "(no title yet)", description, banner_url: bannerUrl.trim() || null, link: link.trim() || null, cta_text: ctaText.trim() || null, community_callout_settings: settings };
  return (
    <StaffFormDialog id="news-form-modal" noun="news item" editing={item !== null} failure={form.failure} saving={form.saving} onClose={onClose} onSubmit={handleSubmit}>
      <Field id={fieldId("title")} label="Title" error={errors.title}>
        <input {...control("title")} className="input" maxLength={255} value={title} onChange={(e) => edit("title", setTitle)(e.target.value)} />
      </Field>
      <Field id={fieldId("description")} label="Description" error={errors.description}>
        <textarea {...control("description")} className="input" rows={3} maxLength={5000} value={description} onChange={(e) => edit("description", setDescription)(e.target.value)} />
      </Field>
      <Field id={fieldId("banner_url")} label="Banner image address (an http(s) address or a path on this site)" error={errors.banner_url}>
        <input {...control("banner_url")} className="input" placeholder="/news/spring-planning.svg" value={bannerUrl} onChange={(e) => edit("banner_url", setBannerUrl)(e.target.value)} />
      </Field>
      <Field id={`${id}-alt`} label="The banner's alternative text (empty if it only decorates)">
        <input id={`${id}-alt`} className="input" maxLength={500} value={settings.background_alt_text} onChange={(e) => setting("background_alt_text", e.target.value)} />
      </Field>
      <div className="staff-form__row">
        <Field id={fieldId("link")} label="Call to action's link" error={errors.link}>
          <input {...control("link")} className="input" placeholder="/search/?st=planning" value={link} onChange={(e) => edit("link", setLink)(e.target.value)} />
        </Field>
        <Field id={fieldId("cta_text")} label="Call to action's text" error={errors.cta_text}>
          <input {...control("cta_text")} className="input" maxLength={255} placeholder={CAROUSEL_TEXTS.defaultCta} value={ctaText} onChange={(e) => edit("cta_text", setCtaText)(e.target.value)} />
        </Field>
      </div>
      <fieldset className="news-form__choices">
        <legend className="field__label">Who sees it</legend>
        {(Object.keys(AUDIENCE_LABELS) as NewsAudience[]).map((value) => (
          <label key={value} className="check">
            <input type="radio" name={`${id}-audience`} value={value} checked={audience === value} onChange={() => setAudience(value)} />
            <span className="check__label">{AUDIENCE_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
        <span className="check__label">Published (a draft is shown to no one)</span>
      </label>
      <div className="staff-form__row">
        <Field id={fieldId("sort_order")} label="Order (lower comes first)" error={errors.sort_order}>
          <input {...control("sort_order")} className="input" inputMode="numeric" value={order} onChange={(e) => edit("sort_order", setOrder)(e.target.value)} />
        </Field>
        <Field id={`${id}-button`} label="Button style">
          <select id={`${id}-button`} className="input" value={settings.button_variant} onChange={(e) => setting("button_variant", e.target.value as NewsButtonVariant)}>
            {NEWS_BUTTON_VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {BUTTON_LABELS[variant]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="staff-form__row">
        <Field id={`${id}-background`} label="Panel colour">
          <input id={`${id}-background`} className="input news-form__colour" type="color" value={settings.background_color} onChange={(e) => setting("background_color", e.target.value)} />
        </Field>
        <Field id={`${id}-text`} label="Text colour">
          <input id={`${id}-text`} className="input news-form__colour" type="color" value={settings.text_color} onChange={(e) => setting("text_color", e.target.value)} />
        </Field>
      </div>
      <section className="news-form__preview" aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className="field__label">
          Preview
        </h3>
        {/* As the carousel will show it; inert, so its call to action does not leave the form. */}
        <div inert>
          <NewsSlide item={preview} label="Preview" current />
        </div>
      </section>
    </StaffFormDialog>
  );
}
