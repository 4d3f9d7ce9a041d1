import { useState } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/staff.accounts";
import {
  changeRoles,
  inviteStaff,
  listStaffAccounts,
  parseRoleList,
  readInvite,
  resendInvitation,
  setDeactivated,
  tickedRoles,
  type AccountChange,
} from "#app/features/staff/accounts.server.ts";
import { FieldError } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { allRoles, roleDescriptions, roleField, roleLabels, type StaffRole } from "#app/features/staff/roles.ts";
import { answerRejection, changeAnswer, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, inputClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "accounts");
  return { accounts: await listStaffAccounts((await servicesOf(context)).db), me: user.id };
}

const fields = ["intent", "id", "name", "email", ...allRoles.map(roleField), "shownRoles"];
const labels = {
  intent: "Action",
  id: "Account",
  name: "Name",
  email: "Email",
  ...Object.fromEntries(allRoles.map((role) => [roleField(role), roleLabels[role]])),
  shownRoles: "The roles shown",
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "accounts");
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, { name: "staff-accounts", fields, labels });
    const targetId = values.id ?? "";
    let change: AccountChange;
    if (values.intent === "invite") {
      const invite = readInvite(values);
      if (!invite.ok) return formError(400, invite.message, { [invite.field]: invite.message }, values);
      const invited = await inviteStaff(services, invite.input, user, ipAddress);
      // Said to come from the invite form, which then starts empty: a second click must not invite again.
      if (invited.ok) return { status: "success", messages: [invited.message], from: "invite" } satisfies FormAnswer<{ from: "invite" }>;
      change = invited;
    } else if (values.intent === "roles") {
      const shownRoles = parseRoleList(values.shownRoles);
      if (!shownRoles) return unknownIntent();
      change = await changeRoles(services.db, { targetId, roles: tickedRoles(values), shownRoles }, user, ipAddress);
    } else if (values.intent === "resend") {
      change = await resendInvitation(services, targetId, user, ipAddress);
    } else if (values.intent === "deactivate" || values.intent === "reactivate") {
      change = await setDeactivated(services.db, targetId, values.intent === "deactivate", user, ipAddress);
    } else {
      return unknownIntent();
    }
    return changeAnswer(change);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Staff accounts");

/**
 * One checkbox a role, in a fieldset its legend names: ticking several gives
 * the account every area any of them opens.
 */
function RoleCheckboxes({
  idPrefix,
  legend,
  legendClass,
  checked,
  error,
  describe,
}: {
  idPrefix: string;
  legend: string;
  legendClass: string;
  checked: (role: StaffRole) => boolean;
  error?: string;
  describe?: boolean;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <div className={describe ? "grid gap-1" : "flex flex-wrap gap-x-4"}>
        {allRoles.map((role) => (
          <label key={role} htmlFor={`${idPrefix}-${role}`} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              id={`${idPrefix}-${role}`}
              type="checkbox"
              name={roleField(role)}
              defaultChecked={checked(role)}
              aria-invalid={error ? true : undefined}
              className="size-5 shrink-0"
            />
            <span>
              <span className="font-semibold">{roleLabels[role]}</span>
              {describe ? <span className="text-slate-700">: {roleDescriptions[role]}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me } = loaderData;
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  // Each invitation sent draws the invite form anew, empty (without JavaScript the page is drawn anew anyway).
  const [invitesSent, setInvitesSent] = useState(0);
  const [seenAnswer, setSeenAnswer] = useState(actionData);
  if (actionData !== seenAnswer) {
    setSeenAnswer(actionData);
    if (actionData?.status === "success" && "from" in actionData) setInvitesSent((count) => count + 1);
  }
  return (
    <>
      <PageHeading title="Staff accounts">
        Invite colleagues, give them the roles their work needs (one or several), and deactivate accounts that are no longer used.
      </PageHeading>
      <FormNotice answer={actionData} />
      <section aria-labelledby="invite-heading" className="mb-8 rounded-xl border border-slate-300 bg-white p-5">
        <h2 id="invite-heading" className="mb-3 text-lg font-bold">
          Invite a colleague
        </h2>
        <p className="mb-4 text-sm text-slate-700">They get an email with a link to choose their password. The link works once, for 24 hours.</p>
        <Form key={invitesSent} method="post" className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="invite-name" className="mb-1.5 block text-sm font-semibold">
              Name
            </label>
            <input
              id="invite-name"
              name="name"
              required
              maxLength={100}
              autoComplete="off"
              defaultValue={typed?.name}
              aria-invalid={errors?.name ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="invite-email" className="mb-1.5 block text-sm font-semibold">
              Email
            </label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={typed?.email}
              aria-invalid={errors?.email ? true : undefined}
              className={inputClass}
            />
          </div>
          <div className="sm:col-span-2">
            <RoleCheckboxes
              idPrefix="invite-roles"
              legend="Roles"
              legendClass="mb-1.5 text-sm font-semibold"
              checked={(role) => typed?.[roleField(role)] !== undefined}
              error={errors?.roles}
              describe
            />
          </div>
          <button type="submit" className={`${buttonClass} justify-self-start`}>
            Send invitation
          </button>
        </Form>
      </section>
      <ListTable caption="Staff accounts" columns={["Name", "Email", "Roles", "Status", "Password", "Created", "Access"]}>
        {accounts.map((account) => {
          const self = account.id === me;
          return (
            // The audit log links an account here by this anchor.
            <tr key={account.id} id={`account-${account.id}`} className="target:bg-amber-50">
              <td className={cellClass}>
                {account.name}
                {self ? " (you)" : ""}
              </td>
              <td className={`${cellClass} break-all`}>{account.email}</td>
              <td className={cellClass}>
                <Form key={account.roles.join(",")} method="post" className="grid min-w-40 gap-2">
                  <input type="hidden" name="intent" value="roles" />
                  <input type="hidden" name="id" value={account.id} />
                  <input type="hidden" name="shownRoles" value={account.roles.join(",")} />
                  <RoleCheckboxes
                    idPrefix={`roles-${account.id}`}
                    legend={`Roles of ${account.name}`}
                    legendClass="sr-only"
                    checked={(role) => account.roles.includes(role)}
                  />
                  <button type="submit" className={`${secondaryButtonClass} justify-self-start`}>
                    Save roles<span className="sr-only"> of {account.name}</span>
                  </button>
                </Form>
              </td>
              <td className={cellClass}>{account.deactivatedAt ? "Deactivated" : "Active"}</td>
              <td className={cellClass}>
                {account.hasPassword ? (
                  "Set"
                ) : (
                  <>
                    Not set yet
                    {account.deactivatedAt ? null : (
                      <Form method="post" className="mt-2">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="id" value={account.id} />
                        <button type="submit" className={secondaryButtonClass}>
                          Send a new invitation<span className="sr-only"> to {account.name}</span>
                        </button>
                      </Form>
                    )}
                  </>
                )}
              </td>
              <td className={cellClass}>
                <LocalTime value={account.createdAt} />
              </td>
              <td className={cellClass}>
                {self ? (
                  "Your own account"
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value={account.deactivatedAt ? "reactivate" : "deactivate"} />
                    <input type="hidden" name="id" value={account.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      {account.deactivatedAt ? "Reactivate" : "Deactivate"}
                      <span className="sr-only"> {account.name}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </ListTable>
    </>
  );
}
