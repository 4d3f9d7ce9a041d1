import { Form } from "react-router";
import type { Route } from "./+types/staff.teams";
import { answerRejection, changeAnswer, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, inputClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { solutionAreas } from "#app/features/staff/teams/solution-areas.ts";
import {
  addMember,
  addRule,
  createTeam,
  moveRule,
  readRule,
  readTeamName,
  readTeams,
  removeMember,
  removeRule,
  removeTeam,
  renameTeam,
  setAway,
  setLead,
  type Member,
  type Owner,
  type Team,
  type TeamChange,
} from "#app/features/staff/teams/teams.server.ts";
import {
  readTeamWebhooks,
  regenerateTeamWebhookSecret,
  removeTeamWebhook,
  setTeamWebhook,
  type TeamWebhook,
} from "#app/features/staff/teams/team-webhooks.server.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_URL_MAX_LENGTH } from "#app/platform/email/webhook.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "teams");
  const { db } = await servicesOf(context);
  const [teamsAndRules, webhooks] = await Promise.all([readTeams(db), readTeamWebhooks(db)]);
  return { ...teamsAndRules, webhooks };
}

const labels = {
  intent: "Action",
  team: "Team",
  user: "Member",
  name: "Team name",
  country: "Country",
  area: "Solution area",
  source: "Source",
  rule: "Rule",
  direction: "Direction",
  webhook: "Webhook address",
};

/** A record id from the form, or 0 (which names nothing, so the change answers "no such team"). */
const idOf = (value: string | undefined) => (/^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : 0);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "teams");
  const services = await servicesOf(context);
  const { db } = services;
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, { name: "staff-teams", fields: Object.keys(labels), labels });
    const teamId = idOf(values.team);
    const userId = values.user ?? "";
    let change: TeamChange;
    switch (values.intent) {
      case "create":
      case "rename": {
        const name = readTeamName(values.name);
        if (!name.ok) return formError(400, name.message, { name: name.message }, { name: values.name ?? "" });
        change = values.intent === "create" ? await createTeam(db, name.name, user, ipAddress) : await renameTeam(db, teamId, name.name, user, ipAddress);
        break;
      }
      case "remove-team":
        change = await removeTeam(db, teamId, user, ipAddress);
        break;
      case "add-member":
        change = await addMember(db, teamId, userId, user, ipAddress);
        break;
      case "remove-member":
        change = await removeMember(db, teamId, userId, user, ipAddress);
        break;
      case "lead":
        change = await setLead(db, teamId, userId, user, ipAddress);
        break;
      case "away":
      case "back":
        change = await setAway(db, userId, values.intent === "away", user, ipAddress);
        break;
      case "add-rule": {
        const rule = readRule(values);
        if (!rule.ok)
          return formError(
            400,
            rule.message,
            { [rule.field]: rule.message },
            { country: values.country ?? "", area: values.area ?? "", source: values.source ?? "", team: values.team ?? "" },
          );
        change = await addRule(db, rule.rule, user, ipAddress);
        break;
      }
      case "remove-rule":
        change = await removeRule(db, idOf(values.rule), user, ipAddress);
        break;
      case "move-rule":
        change = await moveRule(db, idOf(values.rule), values.direction === "up" ? "up" : "down", user, ipAddress);
        break;
      case "set-webhook":
        change = await setTeamWebhook(db, teamId, values.webhook ?? "", services.env.NODE_ENV === "production", user, ipAddress);
        if (!change.ok && change.status === 400)
          return formError(400, change.message, { webhook: change.message }, { webhook: values.webhook ?? "", team: values.team ?? "" });
        break;
      case "remove-webhook":
        change = await removeTeamWebhook(db, teamId, user, ipAddress);
        break;
      case "regenerate-secret":
        change = await regenerateTeamWebhookSecret(db, teamId, user, ipAddress);
        break;
      default:
        return unknownIntent();
    }
    return changeAnswer(change);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Teams and lead routing");

const cardClass = "rounded-xl border border-slate-300 bg-white p-5";
const fieldLabelClass = "mb-1.5 block text-sm font-semibold";

/** A one-button form: the intent and the ids it acts on. */
function ActionButton({ intent, fields, children }: { intent: string; fields: Record<string, string | number>; children: React.ReactNode }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={secondaryButtonClass}>
        {children}
      </button>
    </Form>
  );
}

function memberState(member: Member): string {
  return [member.isLead ? "lead" : null, member.away ? "away" : null, member.active ? null : "inactive: gets no leads"].filter(Boolean).join(", ");
}

/** The team's webhook: its address, the secret the receiver checks signatures with, and the ways to change both. */
function WebhookSettings({ team, webhook, error }: { team: Team; webhook: TeamWebhook | undefined; error?: { message: string; typed: string } }) {
  const inputId = `webhook-${team.id}`;
  const hintId = `webhook-${team.id}-hint`;
  const errorId = `webhook-${team.id}-error`;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h4 className="mb-1 font-semibold text-ink">Webhook for {team.name}</h4>
      <p className="mb-3 text-sm text-slate-700">
        {webhook?.url ? (
          <>
            New and overdue leads are posted to <span className="break-all font-mono">{webhook.url}</span>.
          </>
        ) : (
          "No webhook: the team hears of leads by email only."
        )}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="set-webhook" />
        <input type="hidden" name="team" value={team.id} />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className={fieldLabelClass}>
            {webhook?.url ? "New webhook address" : "Webhook address"}
          </label>
          <p id={hintId} className="mb-1.5 text-sm text-slate-700">
            A Slack or Microsoft Teams incoming webhook, or any receiver; it must start with https://.
          </p>
          <input
            id={inputId}
            name="webhook"
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            autoComplete="off"
            placeholder="https://hooks.slack.com/services/…"
            defaultValue={error?.typed ?? webhook?.url ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className={inputClass}
          />
          {error ? (
            <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
              {error.message}
            </p>
          ) : null}
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Save address<span className="sr-only"> for {team.name}</span>
        </button>
      </Form>
      {webhook?.url ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <ActionButton intent="remove-webhook" fields={{ team: team.id }}>
            Stop posting<span className="sr-only"> to {team.name}&apos;s webhook</span>
          </ActionButton>
        </div>
      ) : null}
      {webhook?.secret ? (
        <details className="mt-3">
          <summary className="cursor-pointer py-1 text-sm font-semibold">Signing secret for receivers other than Slack and Teams</summary>
          <p className="mt-2 text-sm text-slate-700">
            Each post carries {TIMESTAMP_HEADER} and {SIGNATURE_HEADER}: sha256= and the HMAC-SHA256 of the timestamp, a full stop and the body, keyed with this
            secret.
          </p>
          <p className="mt-2 break-all rounded bg-slate-100 p-2 font-mono text-sm">{webhook.secret}</p>
          <div className="mt-2">
            <ActionButton intent="regenerate-secret" fields={{ team: team.id }}>
              Make a new secret<span className="sr-only"> for {team.name}</span>
            </ActionButton>
          </div>
        </details>
      ) : null}
    </div>
  );
}

function TeamCard({
  team,
  owners,
  webhook,
  webhookError,
}: {
  team: Team;
  owners: Owner[];
  webhook: TeamWebhook | undefined;
  webhookError?: { message: string; typed: string };
}) {
  const headingId = `team-${team.id}-heading`;
  const joinable = owners.filter((owner) => !team.members.some((member) => member.id === owner.id));
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="mb-3 text-lg font-bold text-ink">
        {team.name}
        {team.isDefault ? <span className="ml-2 text-sm font-semibold text-slate-700">(default team: leads no rule matches)</span> : null}
      </h3>
      {team.members.length === 0 ? (
        <p className="mb-4 text-slate-700">No members yet: its leads stay unassigned and the admins are told.</p>
      ) : (
        <ul className="mb-4 space-y-2">
          {team.members.map((member) => {
            const state = memberState(member);
            return (
              <li key={member.id} className="flex flex-wrap items-center gap-2 border-b border-slate-200 pb-2">
                <span className="mr-auto">
                  {member.name}
                  {state ? <span className="text-slate-700"> ({state})</span> : null}
                </span>
                {member.isLead ? null : (
                  <ActionButton intent="lead" fields={{ team: team.id, user: member.id }}>
                    Make lead
                    <span className="sr-only">
                      {" "}
                      of {team.name}: {member.name}
                    </span>
                  </ActionButton>
                )}
                <ActionButton intent={member.away ? "back" : "away"} fields={{ user: member.id }}>
                  {member.away ? "Mark back" : "Mark away"}
                  <span className="sr-only">: {member.name}</span>
                </ActionButton>
                <ActionButton intent="remove-member" fields={{ team: team.id, user: member.id }}>
                  Remove
                  <span className="sr-only">
                    {" "}
                    {member.name} from {team.name}
                  </span>
                </ActionButton>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-4">
        {joinable.length > 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="add-member" />
            <input type="hidden" name="team" value={team.id} />
            <div>
              <label htmlFor={`add-${team.id}`} className={fieldLabelClass}>
                Add to {team.name}
              </label>
              <select id={`add-${team.id}`} name="user" required defaultValue="" className={`${inputClass} w-auto`}>
                <option value="" disabled>
                  Choose a colleague
                </option>
                {joinable.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={secondaryButtonClass}>
              Add member
            </button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="team" value={team.id} />
          <div>
            <label htmlFor={`rename-${team.id}`} className={fieldLabelClass}>
              New name for {team.name}
            </label>
            <input key={team.name} id={`rename-${team.id}`} name="name" required maxLength={60} defaultValue={team.name} className={`${inputClass} w-auto`} />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Rename
          </button>
        </Form>
        {team.isDefault ? null : (
          <ActionButton intent="remove-team" fields={{ team: team.id }}>
            Remove the team {team.name}
          </ActionButton>
        )}
      </div>
      <WebhookSettings team={team} webhook={webhook} error={webhookError} />
    </section>
  );
}

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams, rules, owners, webhooks } = loaderData;
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  const webhookError = errors?.webhook ? { teamId: Number(typed?.team), message: errors.webhook, typed: typed?.webhook ?? "" } : undefined;
  return (
    <>
      <PageHeading title="Teams and lead routing">
        A new consultation request goes to the team of the first rule it matches (none: the default team), and within the team to its members in turn, passing
        by those who are away.
      </PageHeading>
      <FormNotice answer={actionData} />
      <section aria-labelledby="teams-heading" className="mb-10">
        <h2 id="teams-heading" className="mb-4 text-xl font-bold">
          Teams
        </h2>
        <div className="space-y-6">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              owners={owners}
              webhook={webhooks.find((webhook) => webhook.teamId === team.id)}
              webhookError={webhookError?.teamId === team.id ? webhookError : undefined}
            />
          ))}
        </div>
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor="new-team" className={fieldLabelClass}>
              New team&apos;s name
            </label>
            <input
              id="new-team"
              name="name"
              required
              maxLength={60}
              autoComplete="off"
              aria-invalid={errors?.name ? true : undefined}
              className={`${inputClass} w-auto`}
            />
          </div>
          <button type="submit" className={buttonClass}>
            Create team
          </button>
        </Form>
      </section>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="mb-2 text-xl font-bold">
          Routing rules
        </h2>
        <p className="mb-4 text-slate-700">
          Tried from the top; the first whose every condition holds wins. Countries and sources are compared without regard to case.
        </p>
        {rules.length === 0 ? (
          <p className="mb-4 text-slate-700">No rules yet: every lead goes to the default team.</p>
        ) : (
          <ol className="mb-6 list-decimal space-y-2 pl-6">
            {rules.map((rule, index) => {
              const team = teams.find((each) => each.id === rule.teamId)?.name ?? "";
              return (
                <li key={rule.id}>
                  <span className="mr-3">
                    {rule.text} → <strong>{team}</strong>
                  </span>
                  <span className="inline-flex flex-wrap gap-2">
                    {index > 0 ? (
                      <ActionButton intent="move-rule" fields={{ rule: rule.id, direction: "up" }}>
                        Move up<span className="sr-only"> rule {index + 1}</span>
                      </ActionButton>
                    ) : null}
                    {index < rules.length - 1 ? (
                      <ActionButton intent="move-rule" fields={{ rule: rule.id, direction: "down" }}>
                        Move down<span className="sr-only"> rule {index + 1}</span>
                      </ActionButton>
                    ) : null}
                    <ActionButton intent="remove-rule" fields={{ rule: rule.id }}>
                      Remove<span className="sr-only"> rule {index + 1}</span>
                    </ActionButton>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <Form method="post" className={`${cardClass} grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end`}>
          <input type="hidden" name="intent" value="add-rule" />
          <div>
            <label htmlFor="rule-country" className={fieldLabelClass}>
              Country is
            </label>
            <input
              id="rule-country"
              name="country"
              maxLength={80}
              autoComplete="off"
              defaultValue={typed?.country}
              aria-invalid={errors?.country ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="rule-area" className={fieldLabelClass}>
              Sent from a page about
            </label>
            <select id="rule-area" name="area" defaultValue={typed?.area ?? ""} aria-invalid={errors?.area ? true : undefined} className={inputClass}>
              <option value="">Any page</option>
              {solutionAreas.map((area) => (
                <option key={area.key} value={area.key}>
                  {area.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="rule-source" className={fieldLabelClass}>
              Source is
            </label>
            <input
              id="rule-source"
              name="source"
              maxLength={80}
              autoComplete="off"
              placeholder="e.g. linkedin"
              defaultValue={typed?.source}
              aria-invalid={errors?.source ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="rule-team" className={fieldLabelClass}>
              Send to team
            </label>
            <select id="rule-team" name="team" required defaultValue={typed?.team ?? ""} aria-invalid={errors?.team ? true : undefined} className={inputClass}>
              <option value="" disabled>
                Choose a team
              </option>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass}>
            Add rule
          </button>
        </Form>
      </section>
    </>
  );
}
