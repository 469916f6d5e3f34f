/** The toast container alone, for ToastHost's import on demand (the package's store stays in the first chunk). */
export { Notifications } from '@mantine/notifications';
