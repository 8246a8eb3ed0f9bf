import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClasses, 'px-3 py-2.5 leading-6', className)} {...props} />;
}
