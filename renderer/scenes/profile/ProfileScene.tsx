import { useState } from "react";
import { Navigate, useParams } from "react-router";
import { ApiError } from "../../api/ApiError.js";
import { useProfile } from "../../api/profiles.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { shortDate } from "../../components/dates.js";
import { NotFoundScene } from "../NotFoundScene.js";
import { ProfileEditDialog } from "./ProfileEditDialog.js";
import { ProfileContentBlock } from "./ProfileContentBlock.js";
import { ProfilePhotoDialog } from "./ProfilePhotoDialog.js";

/**
 * A profile's page at `/profiles/{uid}`, where the names beside comments and feed posts lead: photo (or initial), name,
 * location, institutions, since when, about, and a search of their content. The person (or an admin) edits the
 * profile and changes the photo here. A group's profile goes to the group's own page.
 */
export function ProfileScene() {
  const { uid = "" } = useParams();
  const profile = useProfile(uid);
  const [editingPhoto, setEditingPhoto] = useState(false);
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <p className="empty-note">Loading…</p>;
  if (profile.error) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundScene />;
    return (
      <div className="message-page">
        <PageTitle title="Profile" />
        <Alert tone="danger">
          The profile could not be loaded.{" "}
          <button type="button" className="link-button" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </Alert>
      </div>
    );
  }
  const p = profile.data;
  if (p.kind === "group" && p.group_link) return <Navigate to={p.group_link} replace />;
  return (
    <article className="profile-page">
      <PageTitle title={p.name} />
      <header className="profile-page__header">
        {p.thumbnail ? (
          <img className="profile-page__photo" src={p.thumbnail} alt={`Photo of ${p.name}`} width={160} height={160} />
        ) : (
          <span className="profile-page__photo profile-page__photo--initial" aria-hidden="true">
            {p.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="profile-page__who">
          <h1 className="page-title">{p.name}</h1>
          {p.location && <p className="profile-page__location">{p.location}</p>}
          {p.institutions.length > 0 && (
            <ul className="profile-page__institutions" aria-label="Institutions">
              {p.institutions.map((institution) => (
                <li key={institution.institution_id}>
                  {institution.name}
                  {institution.location && <span className="profile-page__institution-location"> · {institution.location}</span>}
                </li>
              ))}
            </ul>
          )}
          <p className="profile-page__since">Member since {shortDate(p.member_since)}</p>
          {(p.abilities.edit || p.abilities.edit_photo) && (
            <div className="profile-page__actions">
              {p.abilities.edit && (
                <button type="button" className="button button--primary button--small" onClick={() => setEditing(true)}>
                  Edit profile
                </button>
              )}
              {p.abilities.edit_photo && (
                <button type="button" className="button button--secondary button--small" onClick={() => setEditingPhoto(true)}>
                  {p.thumbnail ? "Change photo" : "Add a photo"}
                </button>
              )}
            </div>
          )}
        </div>
      </header>
      {p.description && <p className="profile-page__about">{p.description}</p>}
      <ProfileContentBlock profile={p} />
      {editingPhoto && <ProfilePhotoDialog uid={p.uid} onClose={() => setEditingPhoto(false)} />}
      {editing && <ProfileEditDialog profile={p} onClose={() => setEditing(false)} />}
    </article>
  );
}
