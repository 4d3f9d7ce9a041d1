import { Form } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { buttonClass, inputClass } from "#app/features/staff/staff-ui.tsx";

type OwnerOption = { id: string; name: string; away: boolean };

/**
 * Who owns a lead and the form to give it to someone else, from the owner
 * shown (the server refuses when it changed meanwhile). An owner who can no
 * longer own leads stays in the list as the current choice only.
 */
export function OwnerForm({
  ownerId,
  ownerName,
  teamName,
  owners,
  answer,
}: {
  ownerId: string | null;
  ownerName: string | null;
  teamName: string | null;
  owners: OwnerOption[];
  answer?: FormAnswer;
}) {
  const error = answer?.status === "error" ? answer.fields?.owner : undefined;
  const current =
    ownerId !== null && !owners.some((owner) => owner.id === ownerId) ? [{ id: ownerId, name: `${ownerName ?? "Former member"} (inactive)`, away: false }] : [];
  return (
    <>
      <p className="mb-4">
        {ownerName ? (
          <>
            Owned by <strong>{ownerName}</strong>
          </>
        ) : (
          <strong>Nobody owns it yet.</strong>
        )}
        {teamName ? ` · Team: ${teamName}` : null}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="owner" />
        <input type="hidden" name="expectedOwner" value={ownerId ?? ""} />
        <div>
          <label htmlFor="owner" className="mb-1.5 block text-sm font-semibold">
            Owner
          </label>
          <select
            id="owner"
            name="owner"
            defaultValue={ownerId ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "owner-error" : undefined}
            className={inputClass}
          >
            <option value="">Nobody (unassigned)</option>
            {[...current, ...owners].map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
                {owner.away ? " (away)" : ""}
              </option>
            ))}
          </select>
          {error ? (
            <p id="owner-error" className="mt-1 text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass}>
          Change owner
        </button>
      </Form>
    </>
  );
}
