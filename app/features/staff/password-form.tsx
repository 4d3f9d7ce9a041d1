import { inputClass } from "#app/features/staff/staff-ui.tsx";

/** The new-password and repeat fields, with the rule the server checks. */
export function NewPasswordFields({ minLength, errors }: { minLength: number; errors?: Record<string, string> }) {
  return (
    <>
      <div>
        <label htmlFor="password" className="mb-1.5 block text-sm font-semibold">
          New password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minLength}
          maxLength={128}
          aria-describedby="password-hint"
          aria-invalid={errors?.password ? true : undefined}
          className={inputClass}
        />
        <p id="password-hint" className="mt-1.5 text-sm text-slate-600">
          At least {minLength} characters. A few unrelated words make a good one.
        </p>
      </div>
      <div>
        <label htmlFor="confirm" className="mb-1.5 block text-sm font-semibold">
          Repeat the new password
        </label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={errors?.confirm ? true : undefined}
          className={inputClass}
        />
      </div>
    </>
  );
}
