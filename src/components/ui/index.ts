export { ErrorAlert } from './alert';
export { Badge } from './badge';
export { Button, buttonClasses } from './button';
export { Card, CardBody, CardDescription, CardHeader, CardTitle } from './card';
export { cn } from './cn';
export { CodeBlock } from './code-block';
export { CopyButton, copyStateText, copyToClipboard, useCopy } from './copy-button';
export { Input } from './input';
export { Label } from './label';
