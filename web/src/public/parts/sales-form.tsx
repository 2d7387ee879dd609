import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, SALES_MESSAGES, salesFailureMessage, salesFormErrors, type SalesFormErrors, type SalesFormKind } from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { TOAST_SUCCESS_MS, useToaster } from '../../ui/toasts.tsx';
import { salesMetadata } from './sales-metadata.ts';

type Field = 'full_name' | 'email' | 'company_name' | 'job_role' | 'business_challenge';
const EMPTY: Record<Field, string> = { full_name: '', email: '', company_name: '', job_role: '', business_challenge: '' };
const ORDER: Field[] = ['full_name', 'email', 'company_name', 'job_role'];

/**
 * The free-trial form (contact sales, contact us) and the get-pricing form (spec 1 sections 4, 5
 * and 8): every field checked at once with its own message, the button busy while sending, a
 * toast on success with the fields cleared (the free trial then goes to the landing page).
 */
export function SalesForm({ kind, submitLabel }: { kind: SalesFormKind; submitLabel: string }) {
  const { client } = useServices();
  const toaster = useToaster();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SalesFormErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field as keyof SalesFormErrors];
      return next;
    });
    setGeneral(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = salesFormErrors(values);
    setErrors(found);
    setGeneral(null);
    const first = ORDER.find((field) => found[field as keyof SalesFormErrors]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    const payload = {
      full_name: values.full_name.trim(),
      email: values.email.trim(),
      company_name: values.company_name.trim(),
      job_role: values.job_role.trim(),
      ...(values.business_challenge.trim() ? { business_challenge: values.business_challenge.trim() } : {}),
      sales_metadata: salesMetadata(),
    };
    try {
      if (kind === 'trial') await client.contactSales(payload);
      else await client.pricingRequest(payload);
      setValues(EMPTY);
      toaster.show('success', kind === 'trial' ? SALES_MESSAGES.salesSubmitted : SALES_MESSAGES.pricingSubmitted, TOAST_SUCCESS_MS);
      if (kind === 'trial') navigate('/');
    } catch (failure) {
      setGeneral(salesFailureMessage(kind, failure instanceof ApiError ? failure : null));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="form sales-form" noValidate onSubmit={submit}>
      <FormError>{general}</FormError>
      <TextField
        label="Full Name"
        name="full_name"
        autoComplete="name"
        value={values.full_name}
        onChange={edit('full_name')}
        error={errors.full_name}
      />
      <TextField
        label="Business Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={edit('email')}
        error={errors.email}
      />
      <TextField
        label="Company Name"
        name="company_name"
        autoComplete="organization"
        value={values.company_name}
        onChange={edit('company_name')}
        error={errors.company_name}
      />
      <TextField
        label="Job Role"
        name="job_role"
        autoComplete="organization-title"
        value={values.job_role}
        onChange={edit('job_role')}
        error={errors.job_role}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${kind}-challenge`}>
          Business challenge <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id={`${kind}-challenge`}
          name="business_challenge"
          className="field__input"
          rows={3}
          value={values.business_challenge}
          onChange={edit('business_challenge')}
        />
      </div>
      <Button type="submit" block busy={busy} busyLabel="Sending…">
        {submitLabel}
      </Button>
    </form>
  );
}
