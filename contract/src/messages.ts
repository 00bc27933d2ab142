/**
 * The fixed messages of the contract's schemas and rules, by stable key. The server answers the
 * Chinese text (in `detail`); the page shows it in its own language by
 * looking the key up in its `validation` catalogue (`messageKey` finds the key of a text).
 */
export const validationMessages = {
  passwordEmpty: '请输入新密码',
  passwordTooShort: '密码长度至少为8位',
  passwordWeak: '密码必须包含大小写字母和数字',
  passwordMismatch: '两次输入的密码不一致',
  passwordTooLong: '密码过长',
  emailTooLong: '邮箱地址过长',
  emailInvalid: '请输入有效的邮箱地址',
  credentialsEmpty: '邮箱和密码不能为空',
  usernameEmpty: '用户名不能为空',
  usernameTooLong: '用户名最多50个字符',
  usernameInvalid: '用户名不能包含空格或 <>"\'/\\',
  displayNameTooLong: '显示名称最多100个字符',
  currentPasswordEmpty: '请输入当前密码',
  resetTokenInvalid: '重置令牌无效',
  userChangeEmpty: '请指定要修改的内容',
  searchEmpty: '搜索内容不能为空',
  searchTooLong: '搜索内容最多200个字符',
  workUrlMissing: '缺少作品地址',
  tokenNameEmpty: '请输入令牌名称',
  tokenNameTooLong: '令牌名称最多100个字符',
  tokenScopesEmpty: '请至少选择一个权限',
  episodeUrlMissing: '缺少剧集地址',
  downloadNothingSelected: '请先选择要下载的图片',
  downloadTooMany: '一次最多下载 5000 张图片',
  thresholdNotInteger: '阈值必须是整数',
  thresholdRange: '相似度阈值必须在 0 到 64 之间',
  nearDuplicateScopeInvalid: '相似帧范围只能是 episode（每集）或 work（整部）',
  qualityFilterInvalid: '画面筛选只能是 dark、blank、blurry',
  qualityFilterRepeated: '画面筛选不能重复',
  exportLayoutInvalid: '导出格式只能是 plain、kohya、waifuc、hf',
  destinationInvalid: '保存位置只能是 zip、library、both',
  repeatsRange: '重复次数必须是 1 到 1000 的整数',
  reviewOverlap: '同一张图片不能既保留又剔除',
  reviewTooMany: '保留或剔除的图片各最多 50000 张',
  tagNameInvalid: '标签应为 1 到 100 个字符',
  tagEditsTooMany: '删除或替换的标签各最多 200 个',
  downloadIdInvalid: '下载任务 ID 无效',
  titleTooLong: '标题最多500个字符',
  titleEmpty: '标题不能为空',
  urlTooLong: '地址过长',
  imageIdInvalid: '图片 ID 无效',
  workTypeTooLong: '类型最多50个字符',
  previewTooMany: '最多4张预览图',
  exportVersionUnsupported: '不支持的导出文件版本',
  importTooMany: '一次最多导入 20000 项收藏',
  categoryInvalid: '分类应为 <类型>:<作品ID>',
  episodeIdInvalid: '剧集 ID 无效',
  itemIdMissing: '缺少 item_id',
  cookieEmpty: '请粘贴 Cookie',
  cookieNotAscii: 'Cookie 只能包含可见 ASCII 字符',
  cookieFormat: '格式应为 名称=值，例如 cf_clearance=…',
  userAgentEmpty: '请粘贴浏览器的 User-Agent',
  userAgentNotAscii: 'User-Agent 只能包含可见 ASCII 字符',
  webhookUrlMissing: '请输入 Webhook 地址',
  notificationEventsEmpty: '请至少选择一种通知事件',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;

const keyOfText = new Map<string, ValidationMessageKey>(
  Object.entries(validationMessages).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** The key of one of the texts above (as a schema issue or a server `detail` carries it), if any. */
export function messageKey(text: string): ValidationMessageKey | undefined {
  return keyOfText.get(text);
}
