import type { ColumnType, Generated } from 'kysely';
import type { PreviewStatus, RetryReason } from '@plankurier/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  bcc_email: Generated<string>;
  reply_to_email: Generated<string>;
  locale: Generated<'de' | 'en'>;
  validated: Generated<boolean>;
  qr_defaults: ColumnType<QrDefaultsColumn, string, string>;
  onboarding_muted: ColumnType<Record<string, boolean>, string | undefined, string>;
  is_beta_tester: Generated<boolean>;
  /** The office the next sign-in lands in. */
  last_office_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type OfficeRole = 'owner' | 'admin' | 'member';

/** The tenant: company, billing address and subscription; its people are office_member rows. */
export interface OfficeTable {
  id: Generated<string>;
  company: Generated<string>;
  street_name: Generated<string>;
  street_number: Generated<string>;
  city_code: Generated<string>;
  city_name: Generated<string>;
  /** The office's EU VAT ID (parseVatId's form), '' when it has given none: part of the billing address. */
  vat_id: Generated<string>;
  tier: Generated<'FREE' | 'P1' | 'P2'>;
  buy_period: ColumnType<'MONTH' | 'YEAR' | null, 'MONTH' | 'YEAR' | null | undefined>;
  auto_renew_buy: Generated<boolean>;
  discount_percent: Generated<number>;
  /** Months a recipient link works after its sending or renewal; null: links never end. */
  link_lifetime_months: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OfficeMemberTable {
  office_id: string;
  user_id: string;
  role: OfficeRole;
  created_at: Generated<Date>;
}

/** A member (role 'member') sees the projects listed here; owners and admins see every project. */
export interface ProjectMemberTable {
  project_id: string;
  user_id: string;
  added_by: string | null;
  created_at: Generated<Date>;
}

export interface ProjectVisitTable {
  project_id: string;
  user_id: string;
  opened_at: Generated<Date>;
}

/** An invitation into an office: single use, valid until expires_at; only the token's SHA-256. */
export interface InvitationTable {
  id: Generated<string>;
  office_id: string;
  email: string;
  role: OfficeRole;
  token_hash: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  invited_by: string | null;
  created_at: Generated<Date>;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface QrDefaultsColumn {
  x: number;
  y: number;
  width: number;
  autoEmbed: boolean;
  hasBorder: boolean;
}

export interface SessionTokenTable {
  id: Generated<string>;
  user_id: string;
  /** The office this session works in; null when the person belongs to no office. */
  office_id: ColumnType<string | null, string | null | undefined, string | null>;
  token_hash: Buffer;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  /** The browser it was opened in (User-Agent at sign-in) and its address, shown in the person's session list. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserCodeKind = 'validate' | 'reset';

export interface UserCodeTable {
  id: Generated<string>;
  user_id: string;
  kind: UserCodeKind;
  code_hash: Buffer;
  /** The address the code was mailed to: validating it confirms exactly that address. */
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** A mail an office asked to send to someone else, counted against its limits (0084). */
export interface MailSendTable {
  id: Generated<string>;
  office_id: string;
  kind: 'delivery' | 'office_copy' | 'contact_validation' | 'invitation' | 'address_confirmation';
  /** Lower-cased address. */
  recipient: string;
  contact_id: string | null;
  created_at: Generated<Date>;
}

export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface ProjectTable {
  id: Generated<string>;
  office_id: string;
  number: string;
  name: Generated<string>;
  state: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The number of the project's last announced change (live changes, GET /project/:id/changes). */
  change_seq: ColumnType<string, never, string>;
}

/** The last announced changes of a project, with the rows they touched (ChangeScope). */
export interface ProjectChangeTable {
  project_id: string;
  seq: string;
  scope: ColumnType<unknown, string, never>;
  created_at: Generated<Date>;
}

export interface PhaseTable {
  id: Generated<string>;
  project_id: string;
  shortcut: string;
  name: string;
  sort_order: number;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type FolderCategory = 'plans' | 'documents';

export interface DocFolderTable {
  id: Generated<string>;
  project_id: string;
  phase_id: string;
  name: string;
  category: FolderCategory;
  sort_order: number;
  is_collapsed: Generated<boolean>;
  is_collapsed_in_picker: Generated<boolean>;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type Doctype = 'plan' | 'data';

export interface DocTable {
  id: Generated<string>;
  project_id: string;
  folder_id: string | null;
  doctype: Doctype;
  number: Generated<string>;
  name: Generated<string>;
  sort_order: number;
  qr: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Set when the plan was deleted after its files were sent: kept for its recipients and the records only. */
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  withdrawn_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type VersionStatus = 'preparation' | 'current' | 'outdated' | 'archived';

export interface VersionTable {
  id: Generated<string>;
  project_id: string;
  doc_id: string;
  number: number;
  index: string;
  comment: Generated<string>;
  status: VersionStatus;
  release_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outdated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  downloads_enabled: Generated<boolean>;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type FileKind = 'pdf' | 'dwg' | 'dxf' | 'addon' | 'other';

export interface FileTable {
  id: Generated<string>;
  project_id: string;
  doc_id: string;
  version_id: string;
  kind: FileKind;
  filename: string;
  storage_key: string;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string, number | string, number | string>;
  sha256: string;
  mime_type: string;
  pdf_width_mm: number | null;
  pdf_height_mm: number | null;
  pdf_pages: number | null;
  is_encrypted: Generated<boolean>;
  /** DWG and DXF (0032): AutoCAD release code, $INSUNITS, extents' width and height in drawing units. */
  cad_release: ColumnType<string | null, string | null | undefined, string | null>;
  cad_units: ColumnType<number | null, number | null | undefined, number | null>;
  cad_width: ColumnType<number | null, number | null | undefined, number | null>;
  cad_height: ColumnType<number | null, number | null | undefined, number | null>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  uploaded_at: Generated<Date>;
  /** Plan previews (0050): null for files without one; the thumbnail and a drawing's scene once ready. */
  preview_status: ColumnType<PreviewStatus | null, PreviewStatus | null | undefined, PreviewStatus | null>;
  thumbnail_key: ColumnType<string | null, string | null | undefined, string | null>;
  scene_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Plan sheets (0051): a PDF's first page drawn at screen size for the viewer; null for other files. */
  sheet_status: ColumnType<PreviewStatus | null, PreviewStatus | null | undefined, PreviewStatus | null>;
  sheet_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TimelineEventTable {
  id: Generated<string>;
  project_id: string;
  actor_id: string | null;
  event_type: 'DOC' | 'EMAIL';
  kind: string;
  doc_id: string | null;
  version_id: string | null;
  file_id: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface DownloadTokenTable {
  id: Generated<string>;
  token_hash: Buffer;
  file_id: string;
  office_id: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  /** The person the link was made for: it stops working when they leave the office. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the first full download through this link was recorded (once per link). */
  recorded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type UploadState = 'uploading' | 'finishing' | 'finished';

export interface UploadTable {
  /** The tus upload id (also the name of its data file under DATA_DIR/uploads). */
  id: string;
  office_id: string;
  version_id: string;
  kind: FileKind;
  filename: string;
  size: ColumnType<string, number | string, number | string>;
  sha256: string;
  state: Generated<UploadState>;
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  active_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ContactImportTable {
  id: Generated<string>;
  office_id: string;
  filename: string;
  status: 'RUNNING' | 'FINISHED' | 'FAILED';
  failure: string | null;
  total_lines: Generated<number>;
  processed_lines: Generated<number>;
  imported: Generated<number>;
  duplicates: Generated<number>;
  rejected: Generated<number>;
  invalid: ColumnType<unknown[], string | undefined, string>;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  finalised: Generated<boolean>;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The uploaded file in storage until the import job has read it. */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Secrets every process of the installation shares (the QR token key). */
export interface InstallationSecretTable {
  name: string;
  value: Buffer;
  created_at: Generated<Date>;
}

/** A running server or worker process, with the installation settings it was started with. */
export interface ServerProcessTable {
  id: string;
  kind: 'web' | 'worker';
  host: string;
  pid: number;
  public_url: string;
  mail_from: string;
  started_at: Generated<Date>;
  seen_at: Generated<Date>;
}

/** A long job (archive, print, contact import) and the process running it. */
export interface RunningJobTable {
  job_id: string;
  queue: string;
  process_id: string;
  started_at: Generated<Date>;
}

/** The next free slot of an installation-wide rate (the delivery mails per minute). */
export interface SendRateTable {
  name: string;
  next_slot: Generated<Date>;
}

export interface ContactTable {
  id: Generated<string>;
  office_id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string;
  company: Generated<string>;
  phone: Generated<string>;
  needs_pdf: Generated<boolean>;
  needs_tec: Generated<boolean>;
  validation_state: ColumnType<
    'VALIDATION_PENDING' | 'VALIDATION_SUCCESS' | 'VALIDATION_FAILED' | null,
    'VALIDATION_PENDING' | 'VALIDATION_SUCCESS' | 'VALIDATION_FAILED' | null | undefined
  >;
  import_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by an edit by hand (not by a validation): an undone import keeps the contact. */
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The language of its mails and download page; new contacts take the office's (officeLocaleOf). */
  locale: Generated<'de' | 'en'>;
}

export interface ContactCodeTable {
  id: Generated<string>;
  contact_id: string;
  code_hash: Buffer;
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ParticipantFolderTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  sort_order: number;
  is_collapsed: Generated<boolean>;
  is_collapsed_in_picker: Generated<boolean>;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantTable {
  id: Generated<string>;
  project_id: string;
  contact_id: string;
  folder_id: string;
  sort_order: number;
  created_at: Generated<Date>;
}

export interface RoleTable {
  id: Generated<string>;
  office_id: string;
  name: string;
  created_at: Generated<Date>;
  /** Raised by every edit; a client's stale revision answers 409 common.conflict. */
  revision: Generated<number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantRoleTable {
  participant_id: string;
  role_id: string;
}

export interface SubscriptionTable {
  id: Generated<string>;
  project_id: string;
  doc_id: string;
  participant_id: string;
  gets_pdf: boolean;
  gets_tec: boolean;
  deliver_again: Generated<boolean>;
  /** Made by a standing subscription for a plan that came into its folder or phase; false once changed per plan. */
  from_rule: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A participant's formats for a folder or a phase (exactly one), given to plans that come into it later. */
export interface StandingSubscriptionTable {
  id: Generated<string>;
  project_id: string;
  participant_id: string;
  folder_id: string | null;
  phase_id: string | null;
  gets_pdf: boolean;
  gets_tec: boolean;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TemplateTable {
  id: Generated<string>;
  office_id: string;
  type: Generated<'DELIVERY'>;
  title: string;
  text: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type DeliveryStatus = 'DELIVERING' | 'DONE' | 'STOPPED' | 'ERROR';
export type RecipientStatus = 'PREPARING' | 'SUCCESS' | 'FAILED' | 'NOTHING' | 'STOPPED';
export type BounceState = 'none' | 'transient' | 'permanent';

export interface DeliveryTable {
  id: Generated<string>;
  office_id: string;
  project_id: string;
  subject: string;
  user_message: Generated<string>;
  send_to_bcc: Generated<boolean>;
  include_subscriberlist_for_docs: ColumnType<string[], string[] | undefined, string[]>;
  /** The address of the person who sent it: Reply-To when the office has set none ('' before it was kept). */
  sender_email: Generated<string>;
  status: DeliveryStatus;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The person who sent it. */
  sent_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's key for one send: a retry with the same key finds this delivery. */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The recipients are asked to confirm receipt on their page ('Empfang bestätigen lassen'). */
  receipt_requested: Generated<boolean>;
  /** Days after sending until the first reminder (then every as many days); null: no reminders. */
  receipt_reminder_days: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DeliveryRecipientTable {
  id: Generated<string>;
  delivery_id: string;
  participant_id: string;
  /** The address at send time: a later change of the contact does not rewrite history. */
  email: string;
  status: RecipientStatus;
  message_id: string;
  /** For VERP (bounces+<token>@domain): matches a bounce to this recipient; not a credential. */
  envelope_token: string;
  /** SHA-256 of the personal download link's token; set when the mail is rendered for sending. */
  download_token_hash: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the office revoked the personal link: the page then answers 404. */
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the office last renewed the participant's links: the link's lifetime counts from here. */
  link_renewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Worst bounce seen for this mail; a permanent one makes its files count as not delivered. */
  bounce_state: Generated<BounceState>;
  bounced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The DSN status code, e.g. 5.1.1. */
  bounce_status: ColumnType<string | null, string | null | undefined, string | null>;
  bounce_diagnostic: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set once, when the recipient confirmed receipt on the page; with the name and remark they gave. */
  receipt_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  receipt_name: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_remark: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last reminder to confirm, and how many went out. */
  receipt_reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  receipt_reminders: Generated<number>;
  /** Why a PREPARING recipient's mail waits for another attempt, and when that is (the job's start). */
  retry_reason: ColumnType<RetryReason | null, RetryReason | null | undefined, RetryReason | null>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DeliveryFileTable {
  recipient_id: string;
  file_id: string;
  sub_id: string | null;
}

export type DownloadVia = 'single' | 'zip';

/** One file fetched by a recipient from the personal page (a ZIP records one row per file). */
export interface DownloadTable {
  id: Generated<string>;
  recipient_id: string;
  file_id: string;
  downloaded_at: Generated<Date>;
  via: DownloadVia;
}

/** A single-use, five-minute ticket the page asks for before it navigates to the download. */
export interface DownloadTicketTable {
  id: Generated<string>;
  ticket_hash: Buffer;
  recipient_id: string;
  /** null: the ZIP of all the recipient's files. */
  file_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Printed plans sent to a participant by courier. */
export interface ShipmentTable {
  id: Generated<string>;
  project_id: string;
  participant_id: string;
  version_id: string;
  /** A calendar day, written as YYYY-MM-DD; queries read it back with to_char (pg would make a local Date). */
  shipped_on: ColumnType<Date, string, string>;
  quantity: number;
  courier_service: string;
  tracking_id: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantShippingNeedsTable {
  participant_id: string;
  needs_all_files: Generated<boolean>;
  needs_pdf: Generated<boolean>;
  needs_dwg: Generated<boolean>;
  needs_dxf: Generated<boolean>;
  needs_self_plots: Generated<boolean>;
  self_plots_shipped: Generated<number>;
  updated_at: Generated<Date>;
}

/** The public QR link of a version (`/q/<token>`): only the token's SHA-256. */
export interface QrTokenTable {
  version_id: string;
  token_hash: Buffer;
  created_at: Generated<Date>;
}

/** A main PDF with its QR code stamped on, cached per placement. */
export interface QrStampedFileTable {
  file_id: string;
  stamp_key: string;
  storage_key: string;
  size: ColumnType<string, number | string, number | string>;
  sha256: string;
  created_at: Generated<Date>;
}

/** A QR copy that could not be made for a file and placement (0089): its downloads serve the original. */
export interface QrStampFailureTable {
  file_id: string;
  stamp_key: string;
  /** A msgCode (qr.too_complex, qr.does_not_fit, …). */
  reason: string;
  created_at: Generated<Date>;
}

/** A person's Reply-To or BCC address that is no account of the office, and whether its owner confirmed it (0089). */
export interface MailAddressConfirmationTable {
  user_id: string;
  email: string;
  code_hash: Buffer;
  requested_at: Generated<Date>;
  confirmed_at: Date | null;
}

/** A purchase of a paid tier for one billing period (migration 0014). */
export interface BuyTable {
  id: Generated<string>;
  office_id: string;
  tier: 'P1' | 'P2';
  period: 'MONTH' | 'YEAR';
  status: 'ACTIVE' | 'UPGRADED' | 'RENEWED' | 'EXPIRED';
  start_at: Timestamp;
  end_period_at: Timestamp;
  auto_renew_buy: boolean;
  discount_percent: Generated<number>;
  net_cents: number;
  created_at: Generated<Date>;
}

export interface InvoiceCounterTable {
  id: number;
  last_number: number;
}

export interface InvoiceAddress {
  company: string;
  name: string;
  streetName: string;
  streetNumber: string;
  cityCode: string;
  cityName: string;
  email: string;
  vatId?: string;
}

/** The seller as an invoice keeps it (config.seller when it was issued); invoices before issue 35 lack the optional parts. */
export interface InvoiceSeller extends InvoiceAddress {
  taxNumber?: string;
  registerCourt?: string;
  registerNumber?: string;
  managingDirectors?: string;
  bankName?: string;
  iban?: string;
  bic?: string;
}

export interface InvoiceTable {
  id: Generated<string>;
  office_id: string;
  buy_id: string;
  seq: number;
  number: string;
  issued_at: Timestamp;
  due_at: Timestamp;
  status: 'OPEN' | 'PAID';
  plan_code: 'P1M' | 'P1Y' | 'P2M' | 'P2Y';
  period_start: Timestamp;
  period_end: Timestamp;
  price_net: number;
  credit_net: number;
  credit_days: number;
  credit_plan_code: string | null;
  net: number;
  vat: number;
  gross: number;
  vat_percent: number;
  locale: 'de' | 'en';
  seller: ColumnType<InvoiceSeller, string, string>;
  buyer: ColumnType<InvoiceAddress, string, string>;
  /** No German VAT: the buyer's VAT ID is of another EU member state (isReverseCharge). */
  reverse_charge: Generated<boolean>;
  /** When the confirmation mail with this invoice went to the office; null: not yet. */
  mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface InvoiceDownloadTokenTable {
  /** The owner the link was made for: it stops working when they leave the office. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  token_hash: Buffer;
  invoice_id: string;
  expires_at: Timestamp;
}

export type ArchiveStatus = 'RUNNING' | 'FINISHED' | 'FAILED';

/** A project archive (ZIP) and its job's progress; cancelling deletes the row. */
export interface ArchiveTable {
  id: Generated<string>;
  office_id: string;
  project_id: string;
  pdf_only: boolean;
  status: ArchiveStatus;
  files_total: Generated<number>;
  files_done: Generated<number>;
  bytes_total: ColumnType<string, number | string | undefined, number | string>;
  bytes_done: ColumnType<string, number | string | undefined, number | string>;
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  size: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ArchiveDownloadTokenTable {
  id: Generated<string>;
  token_hash: Buffer;
  archive_id: string;
  expires_at: Timestamp;
  /** The person the link was made for: it stops working when they leave the office. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A print-out of a project rendered by a job (migration 0011); removed when it expires. */
export interface PrintTable {
  id: Generated<string>;
  office_id: string;
  project_id: string;
  type: 'PLANLIST' | 'PARTICIPANTLIST' | 'TIMELINE' | 'TRANSMITTAL';
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<'RUNNING' | 'FINISHED' | 'FAILED'>;
  number_of_pages: Generated<number>;
  number_of_pages_processed: Generated<number>;
  filename: string;
  storage_key: string | null;
  size: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: Timestamp;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A five-minute link to download a finished print (only the token's SHA-256). */
export interface PrintDownloadTokenTable {
  id: Generated<string>;
  token_hash: Buffer;
  print_id: string;
  office_id: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  /** The person the link was made for: it stops working when they leave the office. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProjectNamingKeyTable {
  project_id: string;
  pattern: string | null;
  index_style: 'auto' | 'letters' | 'numbers' | 'iso';
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface PlanSetTable {
  id: Generated<string>;
  project_id: string;
  folder_id: string | null;
  created_by: string | null;
  request_key: string;
  comment: Generated<string>;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface PlanSetFileTable {
  id: Generated<string>;
  plan_set_id: string;
  position: number;
  file_key: string;
  filename: string;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string, number, number>;
  kind: 'pdf' | 'dwg' | 'dxf';
  doc_id: string;
  version_id: string;
}

export interface Database {
  project_naming_key: ProjectNamingKeyTable;
  plan_set: PlanSetTable;
  plan_set_file: PlanSetFileTable;
  print: PrintTable;
  print_download_token: PrintDownloadTokenTable;
  archive: ArchiveTable;
  archive_download_token: ArchiveDownloadTokenTable;
  download: DownloadTable;
  download_ticket: DownloadTicketTable;
  delivery: DeliveryTable;
  delivery_recipient: DeliveryRecipientTable;
  delivery_file: DeliveryFileTable;
  contact_import: ContactImportTable;
  installation_secret: InstallationSecretTable;
  server_process: ServerProcessTable;
  send_rate: SendRateTable;
  running_job: RunningJobTable;
  contact: ContactTable;
  contact_code: ContactCodeTable;
  app_user: UserTable;
  office: OfficeTable;
  office_member: OfficeMemberTable;
  project_member: ProjectMemberTable;
  project_visit: ProjectVisitTable;
  invitation: InvitationTable;
  buy: BuyTable;
  invoice_counter: InvoiceCounterTable;
  invoice: InvoiceTable;
  invoice_download_token: InvoiceDownloadTokenTable;
  session_token: SessionTokenTable;
  user_code: UserCodeTable;
  rate_limit: RateLimitTable;
  mail_send: MailSendTable;
  project: ProjectTable;
  project_change: ProjectChangeTable;
  phase: PhaseTable;
  doc_folder: DocFolderTable;
  doc: DocTable;
  version: VersionTable;
  file: FileTable;
  timeline_event: TimelineEventTable;
  download_token: DownloadTokenTable;
  upload: UploadTable;
  participant_folder: ParticipantFolderTable;
  participant: ParticipantTable;
  role: RoleTable;
  participant_role: ParticipantRoleTable;
  subscription: SubscriptionTable;
  standing_subscription: StandingSubscriptionTable;
  template: TemplateTable;
  qr_token: QrTokenTable;
  qr_stamped_file: QrStampedFileTable;
  qr_stamp_failure: QrStampFailureTable;
  mail_address_confirmation: MailAddressConfirmationTable;
  shipment: ShipmentTable;
  participant_shipping_needs: ParticipantShippingNeedsTable;
}
