'use client';

import { useFormContext } from 'react-hook-form';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import type { AnyTemplate } from './model';
import type { TemplateFormValues } from './template-form';
import { SwitchField } from './toggle-row';

/** Gated, and Active for a new template; an existing one is (de)activated with its own button. */
export function TemplateAccessPanel({ template }: { template?: AnyTemplate }) {
  const { control } = useFormContext<TemplateFormValues>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Access</CardTitle>
      </CardHeader>
      <CardBody className="space-y-5">
        <SwitchField
          control={control}
          name="gated"
          label="Gated"
          description="Other workspaces see only the name, description and samples; the prompt and form come with a claim code. Your workspace always sees everything."
        />
        {template ? (
          <p className="text-sm text-slate-600">
            Status: <span className="font-medium text-slate-900">{template.active ? 'Active' : 'Inactive'}</span>. Deactivate or reactivate it with the
            button at the top of the page.
          </p>
        ) : (
          <SwitchField
            control={control}
            name="active"
            label="Active"
            description="Inactive templates stay listed for you but cannot be used until you reactivate them."
          />
        )}
      </CardBody>
    </Card>
  );
}

