/** The look of the channel form's checkboxes (models, media, capabilities). */
export const checkboxClasses = 'size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600';
