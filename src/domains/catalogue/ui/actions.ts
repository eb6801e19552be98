export { runAction, runForEach, saveForm, ACTION_FAILED } from '@client/ui/run-action'
