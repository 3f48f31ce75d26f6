// The renderer's own small widget set on native elements and the WAI-ARIA Authoring Practices
// patterns (buttons, modal dialog, tabs, menu button, tooltip, fields). It replaced React Aria
// Components to keep the bundle and cold start small; see ../../README.md.
import './ui.css';
export { Button, ToggleButton, type ButtonProps } from './Button';
export { Modal } from './Modal';
export { TabList, TabPanel, tabIds, type TabItem } from './Tabs';
export { MenuButton, type MenuItem, type MenuSection } from './Menu';
export { TooltipButton } from './Tooltip';
export {
  Checkbox,
  FieldError,
  NumberField,
  ProgressBar,
  RadioGroup,
  SelectField,
  TextField,
  type SelectOption,
} from './fields';
