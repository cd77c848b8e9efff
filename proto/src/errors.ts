// The one error catalogue: stable codes, the envelope status and HTTP status, and the message in both
// languages (the specification's wording). The gateway renders `msg` in the caller's language; the web
// shows `intl.formatMessage({ id: 'error.' + code }, params)` from the same texts.
import { formatImportFailure, importPlace, isImportFailureCode } from './import-failures';
import { fillPlaceholders } from './placeholders';

export interface ErrorDef {
  /** HTTP status of the answer. */
  http: number;
  /** `status` field of the `{status, data, msg}` envelope. */
  status: number;
  en: string;
  zh: string;
}

export const ERRORS = {
  VALIDATION_FAILED: { http: 400, status: 400, en: 'Invalid request: {detail}', zh: '请求参数错误：{detail}' },
  AUTH_NOT_LOGGED_IN: { http: 401, status: 401, en: 'Please login first', zh: '请先登录' },
  AUTH_TOKEN_INVALID: { http: 401, status: 401, en: 'Login has expired, please login again', zh: '登录已失效，请重新登录' },
  AUTH_BAD_CREDENTIALS: { http: 200, status: 400, en: 'Username or password error', zh: '用户名或密码错误' },
  AUTH_ACCOUNT_BANNED: { http: 200, status: 403, en: 'Your account has been banned', zh: '您的账号已被封禁' },
  AUTH_FORBIDDEN: { http: 403, status: 403, en: 'You do not have permission to do this', zh: '您没有权限执行此操作' },
  AUTH_NO_SUBMIT: { http: 403, status: 403, en: 'You are not allowed to submit code', zh: '您没有提交代码的权限' },
  AUTH_NOT_ADMIN: { http: 200, status: 403, en: 'Sorry! You are not an administrator!', zh: '对不起！您并非管理员！' },
  AUTH_LOGIN_LOCKED: { http: 200, status: 403, en: 'Too many failed logins, please try again in 30 minutes', zh: '登录失败次数过多，请30分钟后再试' },
  AUTH_LOGIN_BACKOFF: { http: 200, status: 403, en: 'Too many failed logins again, please try again in {minutes} minutes', zh: '再次多次登录失败，请 {minutes} 分钟后再试' },
  AUTH_CSRF_FAILED: { http: 403, status: 403, en: 'The request could not be verified, please reload the page', zh: '请求校验失败，请刷新页面后重试' },
  RATE_LIMITED: { http: 429, status: 429, en: 'Speed too fast, please try again later', zh: '操作过于频繁，请稍后再试' },
  SUBMIT_TOO_FAST: { http: 200, status: 400, en: 'Submit too fast, please wait {seconds} seconds', zh: '提交过快，请 {seconds} 秒后再试' },
  NOT_FOUND: { http: 404, status: 404, en: 'Query error: unable to find the resource to request', zh: '查询错误，找不到请求的资源' },
  PROBLEM_NOT_FOUND: { http: 200, status: 404, en: 'The problem does not exist', zh: '该题目不存在' },
  PROBLEM_FIELD_REQUIRED: { http: 200, status: 400, en: '{field} is required', zh: '{field}是必填项' },
  PROBLEM_FIELD_INVALID: { http: 200, status: 400, en: '{field} is invalid: {detail}', zh: '{field}不合法：{detail}' },
  PROBLEM_ID_EXISTS: { http: 200, status: 400, en: 'The problem ID {problemId} already exists', zh: '题目展示ID {problemId} 已存在' },
  PROBLEM_FILE_IO_NAMES: { http: 200, status: 400, en: 'With file IO, the input and output file names are required', zh: '使用文件读写时，输入和输出文件名均为必填项' },
  PROBLEM_CASES_REQUIRED: { http: 200, status: 400, en: 'Please upload the test cases or add at least one test case', zh: '请上传测试数据或至少添加一个测试样例' },
  PROBLEM_CASE_EMPTY: { http: 200, status: 400, en: 'Test case {index} needs an input or an output', zh: '测试样例 {index} 的输入和输出不能同时为空' },
  PROBLEM_CASE_SCORE: { http: 200, status: 400, en: 'The score of test case {index} must be an integer of at least 0', zh: '测试样例 {index} 的分数必须为不小于 0 的整数' },
  PROBLEM_CASE_GROUP: { http: 200, status: 400, en: 'Test case {index} needs a group number in the subtask modes', zh: '子任务模式下测试样例 {index} 的组号为必填项' },
  PROBLEM_LANGUAGE_REQUIRED: { http: 200, status: 400, en: 'Please choose at least one language', zh: '请至少选择一种编程语言' },
  PROBLEM_LANGUAGE_UNKNOWN: { http: 200, status: 400, en: 'Unknown language: {language}', zh: '未知的编程语言：{language}' },
  PROBLEM_TEMPLATE_EMPTY: { http: 200, status: 400, en: 'The enabled code template of {language} cannot be empty', zh: '{language} 已启用的代码模板不能为空' },
  PROBLEM_CHECKER_REQUIRED: { http: 200, status: 400, en: 'The special judge or interactor code and its language are required', zh: '特殊判题或交互程序的代码及语言为必填项' },
  PROBLEM_CHECKER_ONLY_PROTOCOL: { http: 200, status: 400, en: 'A {protocol} special judge is a compiled checker: it cannot be an interactor or a JavaScript checker', zh: '{protocol} 特殊判题程序只能是编译型的检查器，不能用作交互程序，也不能用 JavaScript 编写' },
  PROBLEM_SUBTASK_DEPENDENCY_UNKNOWN: { http: 200, status: 400, en: 'Subtask {group} in the subtask dependencies has no test case', zh: '子任务依赖中的子任务 {group} 没有测试点' },
  PROBLEM_SUBTASK_DEPENDENCY_CYCLE: { http: 200, status: 400, en: 'The subtask dependencies go round in a circle (through subtask {group})', zh: '子任务依赖存在循环（经过子任务 {group}）' },
  PROBLEM_CHECKER_COMPILE: { http: 200, status: 400, en: 'Compile Error: {detail}', zh: '编译错误：{detail}' },
  PROBLEM_CHECKER_UNAVAILABLE: { http: 200, status: 503, en: 'No judge server can compile the program now, please try again later', zh: '暂无可用的判题机编译该程序，请稍后再试' },
  PROBLEM_IN_CONTEST: { http: 200, status: 400, en: 'The problem is used in contest {contests}: remove it from the contest first', zh: '该题目正在比赛 {contests} 中使用，请先从比赛中移除' },
  TAG_DUPLICATE: { http: 200, status: 400, en: 'Add Tag Error: the tag {name} already exists', zh: '添加标签失败：标签 {name} 已存在' },
  TAG_NOT_FOUND: { http: 200, status: 404, en: 'The tag does not exist', zh: '该标签不存在' },
  TAG_CLASSIFICATION_DUPLICATE: { http: 200, status: 400, en: 'The classification {name} already exists', zh: '标签分类 {name} 已存在' },
  TAG_CLASSIFICATION_NOT_FOUND: { http: 200, status: 404, en: 'The tag classification does not exist', zh: '该标签分类不存在' },
  IMPORT_FAILED: { http: 200, status: 400, en: 'Import failed: {detail}', zh: '导入失败：{detail}' },
  IMPORT_LANGUAGE_UNJUDGEABLE: {
    http: 200,
    status: 400,
    en: 'Import failed: {problem} is a {language} problem, which this judge cannot run; remove it from the file and import the rest',
    zh: '导入失败：{problem} 是 {language} 题目，本评测机无法运行该语言；请从文件中删去该题后导入其余题目',
  },
  EXPORT_EMPTY: { http: 200, status: 400, en: 'No data to export', zh: '没有可导出的数据' },
  SELF_CHECK_EMPTY: { http: 200, status: 400, en: 'This problem has no package programs to check', zh: '该题目没有可供自检的程序' },
  SELF_CHECK_NO_CASES: { http: 200, status: 400, en: 'This problem has no test cases yet: upload them before the self-check', zh: '该题目还没有测试数据：请先上传测试数据再自检' },
  USER_NOT_FOUND: { http: 200, status: 404, en: 'The user does not exist', zh: '该用户不存在' },
  SUBMISSION_SHARE_CONTEST: { http: 200, status: 400, en: 'Contest submissions cannot be shared', zh: '比赛提交不能分享' },
  SUBMISSION_NOT_FOUND: { http: 200, status: 404, en: 'The submission does not exist', zh: '该提交不存在' },
  SUBMISSION_FORBIDDEN: { http: 200, status: 403, en: 'You cannot view this submission', zh: '您无权查看该提交' },
  CODE_EMPTY: { http: 200, status: 400, en: 'Code can not be empty', zh: '代码不能为空' },
  CODE_TOO_LONG: { http: 200, status: 400, en: 'Code Length can not exceed 65535', zh: '代码长度不能超过 65535' },
  CODE_TOO_SHORT: { http: 200, status: 400, en: 'Code length can not be less than 50', zh: '代码长度不能少于 50' },
  LANGUAGE_UNAVAILABLE: { http: 200, status: 400, en: 'The language {language} is not available for this problem', zh: '该题目不支持语言 {language}' },
  TOPIC_INVALID: { http: 200, status: 400, en: 'Unknown topic', zh: '未知的订阅主题' },
  TOPIC_FORBIDDEN: { http: 200, status: 403, en: 'You cannot subscribe to this topic', zh: '您无权订阅该主题' },
  BAD_PAYLOAD: { http: 400, status: 400, en: 'Malformed message: {detail}', zh: '消息格式错误：{detail}' },
  JUDGE_COMPILE_ERROR_FIXED: { http: 200, status: 400, en: 'Compile error submissions cannot be modified', zh: '编译错误的提交不能修改评测结果' },
  JUDGE_IN_PROGRESS: { http: 200, status: 400, en: 'The submission is being judged, please try again later', zh: '该提交正在评测中，请稍后再试' },
  JUDGE_STATUS_NOT_ALLOWED: { http: 200, status: 400, en: 'This status cannot be set by manual judge', zh: '人工评测不能设置该状态' },
  JUDGE_ALREADY_CANCELLED: { http: 200, status: 400, en: 'The submission has already been cancelled', zh: '该提交已被取消评测' },
  RESUBMIT_NOT_ALLOWED: { http: 200, status: 400, en: 'Only a submission whose remote submit failed can be resubmitted', zh: '只有提交失败的提交才能重新提交' },
  REMOTE_PROBLEM_NOT_FOUND: { http: 200, status: 404, en: '{oj} has no problem {problemId}', zh: '在 {oj} 上找不到题目 {problemId}' },
  REMOTE_SITE_UNAVAILABLE: { http: 200, status: 503, en: '{oj} cannot be reached now: {detail}', zh: '暂时无法访问 {oj}：{detail}' },
  REMOTE_SITE_CHANGED: { http: 200, status: 502, en: 'The page of {oj} could not be understood (the site may have changed): {detail}', zh: '无法解析 {oj} 的页面（该网站可能已改版）：{detail}' },
  REMOTE_OJ_UNSUPPORTED: { http: 200, status: 400, en: 'Remote judging of {oj} is not supported yet', zh: '暂不支持 {oj} 的远程评测' },
  TEST_INPUT_TOO_LONG: { http: 200, status: 400, en: 'The test input can not exceed {max} characters', zh: '测试输入不能超过 {max} 个字符' },
  TEST_JUDGE_NOT_FOUND: { http: 200, status: 400, en: 'The test judge task does not exist', zh: '当前测评任务不存在！' },
  TEST_JUDGE_UNAVAILABLE: { http: 200, status: 500, en: 'The online test is not available right now', zh: '在线测试暂不可用' },
  FILE_TYPE_NOT_SUPPORTED: { http: 200, status: 400, en: 'File type not support: {detail}', zh: '文件类型不支持：{detail}' },
  FILE_TOO_LARGE: { http: 200, status: 400, en: 'Exceed max size limit: {detail}', zh: '超过最大大小限制：{detail}' },
  TESTCASE_INVALID_ZIP: { http: 200, status: 400, en: 'Upload testcase or problem failed: the zip cannot be read ({detail})', zh: '上传测试数据或题目失败：无法读取该压缩包（{detail}）' },
  TESTCASE_UNSAFE_PATH: { http: 200, status: 400, en: 'Upload testcase or problem failed: unsafe file path {name}', zh: '上传测试数据或题目失败：不安全的文件路径 {name}' },
  TESTCASE_UNMATCHED: { http: 200, status: 400, en: 'Upload testcase or problem failed: {name} has no matching {want} file', zh: '上传测试数据或题目失败：{name} 没有对应的 {want} 文件' },
  TESTCASE_EMPTY: { http: 200, status: 400, en: 'Upload testcase or problem failed: no test case (.in and .out/.ans pair) in the zip', zh: '上传测试数据或题目失败：压缩包中没有测试数据（.in 与 .out/.ans 成对）' },
  TESTCASE_BAD_INFO: { http: 200, status: 400, en: 'Upload testcase or problem failed: info.json is invalid ({detail})', zh: '上传测试数据或题目失败：info.json 无效（{detail}）' },
  TESTCASE_NOT_FOUND: { http: 200, status: 404, en: 'The problem has no uploaded test cases', zh: '该题目没有上传的测试数据' },
  ACCOUNT_EMAIL_INVALID: { http: 200, status: 400, en: 'The email format is incorrect', zh: '邮箱格式不正确' },
  ACCOUNT_MOBILE_INVALID: { http: 200, status: 400, en: 'The mobile number is required and must be in the correct format', zh: '手机号不能为空且格式必须正确' },
  ACCOUNT_EMAIL_EXISTS: { http: 200, status: 400, en: 'The email already exists', zh: '该邮箱已被注册' },
  ACCOUNT_EMAIL_NOT_FOUND: { http: 200, status: 400, en: 'The email does not exist', zh: '该邮箱不存在' },
  ACCOUNT_USERNAME_EXISTS: { http: 200, status: 400, en: 'The username already exists', zh: '该用户名已存在' },
  ACCOUNT_USERNAME_NOT_FOUND: { http: 200, status: 400, en: 'The username does not exist', zh: '该用户名不存在' },
  ACCOUNT_REGISTER_CLOSED: { http: 200, status: 403, en: 'Registration is closed', zh: '注册功能已关闭' },
  ACCOUNT_CODE_WRONG: { http: 200, status: 400, en: 'The verification code is wrong or has expired', zh: '验证码错误或已过期' },
  ACCOUNT_CODE_TOO_FAST: { http: 200, status: 400, en: 'Please wait {seconds} seconds before requesting another email', zh: '请 {seconds} 秒后再重新发送邮件' },
  ACCOUNT_CAPTCHA_WRONG: { http: 200, status: 400, en: 'The captcha is wrong, please try again', zh: '验证码不正确，请重新输入' },
  ACCOUNT_SLIDE_REQUIRED: { http: 200, status: 400, en: 'Speed too fast, may be machine operation! Please verify again!', zh: '操作过快，可能是机器操作！请重新验证！' },
  ACCOUNT_PASSWORD_WRONG: { http: 200, status: 400, en: 'The current password is wrong', zh: '当前密码错误' },
  ACCOUNT_SAME_AS_OLD: { http: 200, status: 400, en: 'The new {field} must differ from the old one', zh: '新的{field}不能与原来的相同' },
  ACCOUNT_POST_AC_REQUIRED: { http: 200, status: 403, en: 'You need to solve at least {count} problems first', zh: '您需要先通过至少 {count} 道题目' },
  DISCUSSION_DAILY_LIMIT: { http: 200, status: 403, en: 'You can post at most {count} discussions a day', zh: '每天最多只能发布 {count} 条讨论' },
  ACCOUNT_MUTED: { http: 200, status: 403, en: 'You are not allowed to post or comment', zh: '您已被禁言' },
  COMMENT_EMPTY: { http: 200, status: 400, en: 'Content cannot be empty', zh: '内容不能为空' },
  COMMENT_TOO_LONG: { http: 200, status: 400, en: 'The content cannot exceed {max} characters', zh: '内容不能超过 {max} 个字符' },
  COMMENT_FORBIDDEN: { http: 200, status: 403, en: 'You have been muted and cannot comment or reply', zh: '您已被禁言，无法评论或回复' },
  COMMENT_AC_REQUIRED: { http: 200, status: 403, en: 'You need to solve at least {count} problems before commenting', zh: '您需要至少通过 {count} 道题目才能评论' },
  COMMENT_NOT_FOUND: { http: 200, status: 404, en: 'The comment does not exist', zh: '该评论不存在' },
  COMMENT_TARGET_REQUIRED: { http: 200, status: 400, en: 'A comment needs a discussion or a contest', zh: '评论必须属于某个讨论或比赛' },
  REPLY_NOT_FOUND: { http: 200, status: 404, en: 'The reply does not exist', zh: '该回复不存在' },
  DISCUSSION_NOT_FOUND: { http: 200, status: 404, en: 'The discussion does not exist', zh: '该讨论不存在' },
  DISCUSSION_FIELD_REQUIRED: { http: 200, status: 400, en: '{field} is required', zh: '{field}不能为空' },
  DISCUSSION_FIELD_TOO_LONG: { http: 200, status: 400, en: '{field} Can not exceed {max}', zh: '{field}不能超过 {max} 个字符' },
  DISCUSSION_EDIT_FORBIDDEN: { http: 200, status: 403, en: 'Only the author can edit this discussion', zh: '只有作者可以编辑该讨论' },
  DISCUSSION_DELETE_FORBIDDEN: { http: 200, status: 403, en: 'Only the author or an administrator can delete this discussion', zh: '只有作者或管理员可以删除该讨论' },
  DISCUSSION_CATEGORY_NOT_FOUND: { http: 200, status: 404, en: 'The category does not exist', zh: '该分类不存在' },
  DISCUSSION_CATEGORY_DUPLICATE: { http: 200, status: 400, en: 'The category {name} is listed twice', zh: '分类 {name} 重复' },
  MSG_NOT_FOUND: { http: 200, status: 404, en: 'The message does not exist', zh: '该消息不存在' },
  CONTEST_NOT_FOUND: { http: 200, status: 404, en: 'The contest does not exist', zh: '该比赛不存在' },
  CONTEST_PROBLEM_NOT_FOUND: { http: 200, status: 404, en: 'The problem does not exist in this contest', zh: '该比赛不存在此题目' },
  CONTEST_NOT_STARTED: { http: 200, status: 403, en: 'The contest has not started yet', zh: '比赛还未开始' },
  CONTEST_ENDED: { http: 200, status: 403, en: 'The contest has ended, submissions are closed', zh: '比赛已结束，不可再提交' },
  CONTEST_PASSWORD_REQUIRED: { http: 200, status: 400, en: 'Enter the contest password', zh: '请输入比赛密码' },
  CONTEST_PASSWORD_WRONG: { http: 200, status: 400, en: 'The contest password is wrong', zh: '比赛密码错误' },
  CONTEST_NOT_REGISTERED: { http: 200, status: 403, en: 'Please register for this contest with its password first', zh: '请先输入密码注册该比赛' },
  CONTEST_ALREADY_REGISTERED: { http: 200, status: 400, en: 'You have already registered for this contest', zh: '您已注册过该比赛，请勿重复注册' },
  CONTEST_ACCOUNT_LIMIT: { http: 200, status: 403, en: 'Only the designated accounts may take part in this contest', zh: '对不起！本次比赛只允许特定账号规则的用户参赛' },
  CONTEST_FORBIDDEN: { http: 200, status: 403, en: 'You do not have access to this contest', zh: '您无权访问该比赛' },
  CONTEST_ADMIN_ONLY: { http: 200, status: 403, en: 'Only contest administrators can do this', zh: '只有比赛管理员可以执行此操作' },
  CONTEST_RANK_CLOSED: { http: 200, status: 403, en: 'The outside scoreboard of this contest is not open', zh: '该比赛未开启外榜' },
  CONTEST_SCROLL_BOARD_UNAVAILABLE: { http: 200, status: 400, en: 'The scroll board needs an ended ACM contest with the seal enabled', zh: '滚榜仅适用于已结束且开启封榜的 ACM 比赛' },
  CONTEST_TIME_INVALID: { http: 200, status: 400, en: 'The end time of the contest must be later than the start time', zh: '比赛结束时间必须晚于开始时间' },
  CONTEST_SEAL_TIME_INVALID: { http: 200, status: 400, en: 'The seal time must be between the start and the end of the contest', zh: '封榜时间必须在比赛开始与结束之间' },
  CONTEST_PASSWORD_MISSING: { http: 200, status: 400, en: 'Contest password is required', zh: '比赛密码不能为空' },
  CONTEST_STAR_DUPLICATE: { http: 200, status: 400, en: 'The star user {username} is listed twice', zh: '打星用户 {username} 重复' },
  CONTEST_DISPLAY_ID_EXISTS: { http: 200, status: 400, en: 'The display id {displayId} is already used in this contest', zh: '该比赛中已存在展示 ID {displayId}' },
  CONTEST_READ_ONLY: { http: 200, status: 403, en: 'This contest was imported and is read-only', zh: '该比赛为导入的比赛，只读' },
  // trainings
  TRAINING_NOT_FOUND: { http: 200, status: 404, en: 'The training does not exist', zh: '该训练不存在' },
  TRAINING_PASSWORD_REQUIRED: { http: 200, status: 400, en: 'Enter the training password', zh: '请输入训练密码' },
  TRAINING_PASSWORD_WRONG: { http: 200, status: 400, en: 'The training password is wrong', zh: '训练密码错误' },
  TRAINING_NOT_PRIVATE: { http: 200, status: 400, en: 'This training is not private: no registration is needed', zh: '该训练非私有训练，无需注册' },
  TRAINING_ALREADY_REGISTERED: { http: 200, status: 400, en: 'You have already registered for this training', zh: '您已注册过该训练，请勿重复注册' },
  TRAINING_NOT_REGISTERED: { http: 200, status: 403, en: 'Please register for this private training with its password first', zh: '该训练为私有训练，请先输入密码注册' },
  TRAINING_PROBLEM_NOT_FOUND: { http: 200, status: 404, en: 'The problem does not exist in this training', zh: '该训练不存在此题目' },
  TRAINING_PROBLEM_EXISTS: { http: 200, status: 400, en: 'The problem {problemId} is already in this training', zh: '题目 {problemId} 已在该训练中' },
  TRAINING_PROBLEM_NOT_PUBLIC: { http: 200, status: 400, en: 'Only public problems can be added to a training', zh: '只能向训练添加公开题目' },
  TRAINING_TOO_MANY_PROBLEMS: { http: 200, status: 400, en: 'A training holds at most {max} problems', zh: '一个训练最多包含 {max} 道题目' },
  TRAINING_FIELD_REQUIRED: { http: 200, status: 400, en: '{field} is required', zh: '{field}是必填项' },
  TRAINING_CATEGORY_NOT_FOUND: { http: 200, status: 404, en: 'The training category does not exist', zh: '该训练分类不存在' },
  TRAINING_CATEGORY_EXISTS: { http: 200, status: 400, en: 'The training category {name} already exists', zh: '训练分类 {name} 已存在' },
  TRAINING_CATEGORY_IN_USE: { http: 200, status: 400, en: 'The category is used by {count} trainings: move them to another category first', zh: '该分类正被 {count} 个训练使用，请先将它们改到其他分类' },
  // education (issue 20)
  EDU_GRADE_NOT_FOUND: { http: 200, status: 404, en: 'The grade does not exist', zh: '该年级不存在' },
  EDU_GRADE_IN_USE: { http: 200, status: 400, en: 'The grade still has {count} classes: delete or move them first', zh: '该年级下还有 {count} 个班级，请先删除或移走它们' },
  EDU_CLASS_NOT_FOUND: { http: 200, status: 404, en: 'The class does not exist', zh: '该班级不存在' },
  EDU_USERS_UNKNOWN: { http: 200, status: 400, en: '{count} usernames do not exist (first: {username}); nobody was added', zh: '有 {count} 个用户名不存在（第一个：{username}），未添加任何学生' },
  EDU_STUDENT_NOT_IN_CLASS: { http: 200, status: 404, en: 'The user is not a student of this class', zh: '该用户不是本班学生' },
  EDU_COURSE_NOT_FOUND: { http: 200, status: 404, en: 'The course does not exist', zh: '该课程不存在' },
  EDU_COVER_INVALID: { http: 200, status: 400, en: 'The cover must be an uploaded image link', zh: '封面必须是已上传图片的链接' },
  EDU_CLASS_NOT_ALLOCATED: { http: 200, status: 404, en: 'The class is not allocated to this course', zh: '该班级未分配到此课程' },
  EDU_CHAPTER_NOT_FOUND: { http: 200, status: 404, en: 'The chapter does not exist', zh: '该章节不存在' },
  EDU_RESOURCE_NOT_FOUND: { http: 200, status: 404, en: 'The resource does not exist', zh: '该资源不存在' },
  EDU_RESOURCE_FIELD: { http: 200, status: 400, en: 'A {kind} resource needs its {field}', zh: '{kind} 类型的资源需要填写 {field}' },
  EDU_INVITE_INVALID: { http: 200, status: 404, en: 'Invalid invite link', zh: '无效的邀请链接' },
  EDU_INVITE_EXPIRED: { http: 200, status: 400, en: 'The invite code has expired', zh: '邀请码已过期' },
  EDU_NOT_IN_COURSE: { http: 200, status: 403, en: 'You are not a student of this course: join it from your teacher\'s invite link', zh: '您不是该课程的学生，请通过老师的邀请链接加入' },
  EDU_TASK_NOT_FOUND: { http: 200, status: 404, en: 'The homework or exam does not exist', zh: '该作业或考试不存在' },
  EDU_TASK_NOT_ASSIGNED: { http: 200, status: 403, en: 'This homework or exam is not assigned to your class', zh: '该作业或考试未布置给您所在的班级' },
  EDU_TASK_PROBLEM_NOT_FOUND: { http: 200, status: 404, en: 'Problem {problemId} is not part of this homework or exam', zh: '题目 {problemId} 不属于该作业或考试' },
  EDU_TASK_TIME_INVALID: { http: 200, status: 400, en: 'Class {classId}: the start must be before the end', zh: '班级 {classId}：开始时间必须早于结束时间' },
  EDU_EXAM_NOT_STARTED: { http: 200, status: 403, en: 'The exam has not started yet', zh: '考试尚未开始' },
  EDU_EXAM_ENDED: { http: 200, status: 403, en: 'The exam has ended', zh: '考试已结束' },
  PRINT_EMPTY: { http: 200, status: 400, en: 'Content cannot be empty', zh: '内容不能为空' },
  PRINT_TOO_SHORT: { http: 200, status: 400, en: 'The number of content cannot be less than 50', zh: '内容不能少于50个字符' },
  PRINT_CLOSED: { http: 200, status: 403, en: 'Printing is not open in this contest', zh: '该比赛未开启打印' },
  PRINT_TOO_FAST: { http: 200, status: 400, en: 'Print too fast, please wait {seconds} seconds', zh: '打印过于频繁，请 {seconds} 秒后再试' },
  EVENT_FEED_INVALID: { http: 200, status: 400, en: 'Event feed line {line}: {detail}', zh: '事件流第 {line} 行：{detail}' },
  USER_IMPORT_ENCODING: { http: 200, status: 400, en: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again', zh: '文件不是 UTF-8 编码：请另存为“CSV UTF-8”后重新上传' },
  USER_IMPORT_EMPTY: { http: 200, status: 400, en: 'The file holds no user rows', zh: '文件中没有用户数据' },
  USER_IMPORT_TOO_MANY: { http: 200, status: 400, en: 'At most {max} users can be imported at once', zh: '一次最多导入 {max} 个用户' },
  USER_IMPORT_INVALID: { http: 200, status: 400, en: '{count} rows cannot be imported (first: line {line}); nothing was written', zh: '有 {count} 行无法导入（第一处：第 {line} 行），未写入任何数据' },
  USER_GENERATE_RANGE: { http: 200, status: 400, en: 'The end number must not be less than the start number', zh: '结束编号不能小于开始编号' },
  USER_GENERATE_TOO_MANY: { http: 200, status: 400, en: 'At most {max} accounts can be generated at once', zh: '一次最多生成 {max} 个账号' },
  USER_GENERATE_TOO_LONG: { http: 200, status: 400, en: 'The username {username} would be longer than {max} characters', zh: '用户名 {username} 将超过 {max} 个字符' },
  USER_GENERATE_EXISTS: { http: 200, status: 400, en: '{count} of these usernames already exist, e.g. {username}', zh: '其中有 {count} 个用户名已存在，例如 {username}' },
  USER_SHEET_GONE: { http: 200, status: 404, en: 'These accounts were already downloaded or have expired', zh: '这些账号已被下载或已过期' },
  USER_SELF_CHANGE: { http: 200, status: 400, en: 'You cannot delete yourself, change your own role or ban yourself', zh: '不能删除自己、修改自己的角色或封禁自己' },
  USER_PASSWORD_LENGTH: { http: 200, status: 400, en: 'The password must be {min} to {max} characters long', zh: '密码长度必须为 {min} 到 {max} 个字符' },
  USER_HAS_HISTORY: { http: 200, status: 400, en: '{username} has submissions or created contests and cannot be deleted: ban the account instead', zh: '{username} 已有提交记录或创建过比赛，不能删除：请改为封禁该账号' },
  ROLE_NOT_FOUND: { http: 200, status: 404, en: 'The role does not exist', zh: '该角色不存在' },
  AUTH_UNKNOWN: { http: 200, status: 400, en: 'Unknown permission id {id}', zh: '未知的权限 ID {id}' },
  AUTH_EXISTS: { http: 200, status: 400, en: 'The permission {permission} already exists', zh: '权限 {permission} 已存在' },
  AUTH_BUILTIN: { http: 200, status: 400, en: 'The permission {permission} is checked by the server and cannot be renamed', zh: '权限 {permission} 由服务器校验使用，不能重命名' },
  AUTH_ROOT_LOCKOUT: { http: 200, status: 400, en: 'The super admin must keep the permission {permission}', zh: '超级管理员必须保留权限 {permission}' },
  SYSTEM_ERROR: { http: 500, status: 500, en: 'Server error, please refresh again', zh: '服务器错误，请重新刷新' },
  // site administration
  DISCUSSION_CLOSED: { http: 200, status: 403, en: 'The public discussion area is not open on this site', zh: '网站当前未开启公开讨论区的功能，不可访问！' },
  SUBMISSION_SHARE_CLOSED: { http: 200, status: 403, en: 'Code sharing is switched off on this site', zh: '本站已关闭代码分享功能' },
  REPORT_EMPTY: { http: 200, status: 400, en: 'The report label and reason cannot be empty', zh: '举报标签和原因不能都为空' },
  NOTICE_RECIPIENT_UNKNOWN: { http: 200, status: 400, en: 'No such user: {username}', zh: '用户不存在：{username}' },
  SITE_SMTP_NOT_SET: { http: 200, status: 400, en: 'The SMTP server is not configured', zh: '尚未配置 SMTP 邮件服务器' },
  SITE_TEST_MAIL_FAILED: { http: 200, status: 400, en: 'Sending the test mail failed: {detail}', zh: '测试邮件发送失败：{detail}' },
  // limits on every input (docs/security.md)
  INPUT_NUL_CHARACTER: { http: 400, status: 400, en: 'Invalid request: {field} must not contain a NUL character', zh: '请求参数错误：{field} 不能包含空字符（NUL）' },
  MULTIPART_MALFORMED: { http: 400, status: 400, en: 'Invalid request: the multipart/form-data body is malformed', zh: '请求参数错误：multipart/form-data 请求体格式错误' },
  ARCHIVE_BOMB: { http: 200, status: 400, en: 'The archive was refused: {detail}', zh: '压缩包被拒绝：{detail}' },
  SOCKET_TOO_MANY: { http: 429, status: 429, en: 'Too many live connections: close some pages and try again', zh: '实时连接过多：请关闭部分页面后重试' },
  TOPIC_TOO_MANY: { http: 429, status: 429, en: 'Too many live subscriptions on one connection', zh: '单个连接的实时订阅过多' },
  CONCURRENT_CHANGE: { http: 409, status: 409, en: 'Another request changed the same data at the same time, please try again', zh: '其他请求同时修改了相同的数据，请重试' },
  SERVICE_UNAVAILABLE: { http: 503, status: 503, en: 'The service is temporarily unavailable, please try again in a few seconds', zh: '服务暂时不可用，请几秒后重试' },
  // operations (issue 16)
  METRICS_FORBIDDEN: { http: 403, status: 403, en: 'Metrics are readable from this machine or with the metrics token', zh: '监控指标仅限本机或持有监控令牌时读取' },
  // groups (issue 19)
  GROUP_NOT_FOUND: { http: 200, status: 404, en: 'The group does not exist or has been banned', zh: '该团队不存在或已被封禁' },
  GROUP_FORBIDDEN: { http: 200, status: 403, en: 'Sorry, you do not have permission to do this in this group', zh: '对不起，您无权限在该团队执行此操作' },
  GROUP_DISCUSSION_CLOSED: { http: 200, status: 403, en: 'Group discussions are not open on this site', zh: '网站当前未开启团队讨论区的功能，不可访问！' },
  GROUP_NOT_MEMBER: { http: 200, status: 403, en: 'Only members of this group can do this', zh: '只有该团队的成员可以执行此操作' },
  GROUP_NAME_REQUIRED: { http: 200, status: 400, en: 'The group name is required', zh: '团队名称不能为空' },
  GROUP_NAME_LENGTH: { http: 200, status: 400, en: 'The length of the group name should be {min} to {max}', zh: '团队名称的长度应为 {min} 到 {max}' },
  GROUP_SHORT_NAME_REQUIRED: { http: 200, status: 400, en: 'The group short name is required', zh: '团队简称不能为空' },
  GROUP_SHORT_NAME_LENGTH: { http: 200, status: 400, en: 'The length of the group short name should be {min} to {max}', zh: '团队简称的长度应为 {min} 到 {max}' },
  GROUP_BRIEF_REQUIRED: { http: 200, status: 400, en: 'The group brief is required', zh: '团队简介不能为空' },
  GROUP_BRIEF_LENGTH: { http: 200, status: 400, en: 'The length of the group brief should be {min} to {max}', zh: '团队简介的长度应为 {min} 到 {max}' },
  GROUP_DESCRIPTION_REQUIRED: { http: 200, status: 400, en: 'The group description is required', zh: '团队描述不能为空' },
  GROUP_DESCRIPTION_LENGTH: { http: 200, status: 400, en: 'The length of the group description should be {min} to {max}', zh: '团队描述的长度应为 {min} 到 {max}' },
  GROUP_AUTH_REQUIRED: { http: 200, status: 400, en: 'The group type is required', zh: '团队类型不能为空' },
  GROUP_CODE_LENGTH: { http: 200, status: 400, en: 'The invitation code is required and must be {length} characters long', zh: '团队邀请码不能为空且长度应为 {length}' },
  GROUP_NAME_EXISTS: { http: 200, status: 400, en: 'The group name already exists, please change it and try again', zh: '团队名称已存在，请修改后重试' },
  GROUP_SHORT_NAME_EXISTS: { http: 200, status: 400, en: 'The group short name already exists, please change it and try again', zh: '团队简称已存在，请修改后重试' },
  GROUP_CREATE_AC_REQUIRED: { http: 200, status: 403, en: 'You cannot create a group yet: solve at least {count} problems first', zh: '对不起，您暂时无权限创建团队！请先去提交题目通过 {count} 道以上' },
  GROUP_CREATE_DAILY_LIMIT: { http: 200, status: 403, en: 'You have created {count} groups today, which is the daily limit', zh: '对不起，您今天创建团队次数已达 {count} 次，已被限制' },
  GROUP_CREATE_TOTAL_LIMIT: { http: 200, status: 403, en: 'You have created {count} groups in total and cannot create more', zh: '对不起，您总共已创建了 {count} 个团队，不可再创建' },
  GROUP_APPLY_CODE_REQUIRED: { http: 200, status: 400, en: 'The invitation code is required', zh: '邀请码不能为空' },
  GROUP_APPLY_REASON_REQUIRED: { http: 200, status: 400, en: 'The reason for applying is required', zh: '申请理由不能为空' },
  GROUP_APPLY_REASON_LENGTH: { http: 200, status: 400, en: 'The length of the reason should be {min} to {max}', zh: '申请理由的长度应为 {min} 到 {max}' },
  GROUP_CODE_WRONG: { http: 200, status: 400, en: 'The invitation code is wrong, please try again', zh: '邀请码错误，请重新尝试' },
  GROUP_ALREADY_APPLIED: { http: 200, status: 403, en: 'You have applied already, please do not apply again', zh: '您已申请过，请勿重复申请' },
  GROUP_ALREADY_MEMBER: { http: 200, status: 403, en: 'You have joined this group already', zh: '您已经加入了该团队' },
  GROUP_MEMBER_NOT_FOUND: { http: 200, status: 404, en: 'The user is not in this group', zh: '该用户不在团队中' },
  GROUP_OWNER_CANNOT_EXIT: { http: 200, status: 400, en: 'The owner cannot exit the group: disband it instead', zh: '团队拥有者不能退出团队，请解散团队' },
  GROUP_OWNER_FIXED: { http: 200, status: 403, en: "The owner's membership cannot be changed or removed", zh: '不能修改或移除团队拥有者的成员身份' },
  GROUP_ANNOUNCEMENT_NOT_FOUND: { http: 200, status: 404, en: 'The announcement does not exist', zh: '该公告不存在' },
  GROUP_ANNOUNCEMENT_EMPTY: { http: 200, status: 400, en: 'The title and the content of the announcement are required', zh: '公告的标题和内容不能为空' },
  GROUP_PROBLEM_NOT_FOUND: { http: 200, status: 404, en: 'The problem does not exist in this group', zh: '该团队不存在此题目' },
  GROUP_PROBLEM_READ_ONLY: { http: 200, status: 403, en: 'This problem belongs to another group and is read-only here', zh: '该题目属于其他团队，在此只读' },
  GROUP_TAG_UNKNOWN: { http: 200, status: 400, en: 'A group problem takes the site\'s existing tags: {name} is not one of them', zh: '团队题目只能使用本站已有的标签：{name} 不是已有标签' },
  GROUP_APPLY_STATE: { http: 200, status: 400, en: 'The public application of this problem cannot change from its current state', zh: '该题目的公开申请状态不能进行此变更' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

export type Locale = 'zh-CN' | 'en-US';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A catalogued failure. Thrown by services and decoders, mapped to the envelope by the gateway. */
export class OjError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(formatError(code, 'en-US', params));
    this.name = 'OjError';
    this.code = code;
    this.params = params;
  }
  get http(): number {
    return ERRORS[this.code].http;
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** Form fields named by the `{field}` of a message, in both languages (a field not listed is shown as given). */
export const FIELD_NAMES: Record<string, { en: string; zh: string }> = {
  problemId: { en: 'Problem Display ID', zh: '题目展示ID' },
  title: { en: 'Title', zh: '题目标题' },
  input: { en: 'Input Description', zh: '输入描述' },
  output: { en: 'Output Description', zh: '输出描述' },
  fileIO: { en: 'File IO', zh: '文件读写' },
  uploadTestcaseDir: { en: 'Uploaded test cases', zh: '已上传的测试数据' },
  userExtraFile: { en: 'User extra files', zh: '选手程序附加文件' },
  judgeExtraFile: { en: 'Judge extra files', zh: '评测程序附加文件' },
  tag: { en: 'Tag', zh: '标签' },
  classification: { en: 'Classification', zh: '标签分类' },
  color: { en: 'Color', zh: '颜色' },
  trainingRank: { en: 'Rank', zh: '排序' },
  trainingTitle: { en: 'Title', zh: '训练标题' },
  trainingDescription: { en: 'Description', zh: '训练描述' },
  trainingCategory: { en: 'Category', zh: '训练分类' },
  trainingPassword: { en: 'Password', zh: '训练密码' },
  discussionTitle: { en: 'Title', zh: '标题' },
  description: { en: 'Description', zh: '描述' },
  category: { en: 'Category', zh: '分类' },
  content: { en: 'Content', zh: '内容' },
  categoryName: { en: 'Category name', zh: '分类名称' },
};

/**
 * The `{detail}` of a problem form's refusal, by its `reason` param, in both languages (the refusal's other params fill
 * the sentence): what is wrong with a field, or why a checker did not compile.
 */
export const DETAIL_REASONS = {
  PROBLEM_FIELD_INVALID: {
    NOT_JSON_OBJECT: { en: 'not a JSON object of file names and contents', zh: '应为由文件名和文件内容组成的 JSON 对象' },
    EXTRA_FILE_EMPTY: { en: 'every extra file needs a name and content', zh: '每个附加文件都需要文件名和内容' },
    FILE_NAME: { en: 'the file name {name} is not allowed (letters, digits, dot, underscore and hyphen only)', zh: '文件名 {name} 不合法（只能使用字母、数字、点、下划线和连字符）' },
    NO_SPACES_OR_SLASHES: { en: 'no spaces or slashes', zh: '不能包含空格或斜杠' },
    NOT_CASE_SET_VERSION: { en: 'not a version of uploaded test cases', zh: '不是已上传测试数据的版本号' },
  },
  PROBLEM_CHECKER_COMPILE: {
    LANGUAGE: { en: 'no checker can be written in {language}', zh: '不能用 {language} 编写检查器' },
    NO_MESSAGE: { en: 'the compiler gave no message', zh: '编译器没有给出信息' },
  },
} as const satisfies Partial<Record<ErrorCode, Record<string, { en: string; zh: string }>>>;

/**
 * `{detail}` of an error that names its `reason`: an IMPORT_FAILED's (a code of IMPORT_FAILURES) or one of
 * DETAIL_REASONS, that sentence in `locale`.
 */
function cataloguedDetail(code: ErrorCode, locale: Locale, params: Record<string, string | number>): string | undefined {
  const lang = locale === 'en-US' ? 'en' : 'zh';
  if (code === 'IMPORT_FAILED') return isImportFailureCode(params.reason) ? formatImportFailure(params.reason, lang, params) : undefined;
  const reasons: Record<string, { en: string; zh: string }> | undefined = (DETAIL_REASONS as Partial<Record<ErrorCode, Record<string, { en: string; zh: string }>>>)[code];
  const reason = typeof params.reason === 'string' && reasons && Object.hasOwn(reasons, params.reason) ? reasons[params.reason] : undefined;
  return reason ? fillPlaceholders(reason[lang], params) : undefined;
}

export function formatError(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}): string {
  const def: ErrorDef = ERRORS[code];
  const template = locale === 'en-US' ? def.en : def.zh;
  const detail = cataloguedDetail(code, locale, params);
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (k === 'detail' && detail !== undefined) return detail;
    const value = String(params[k] ?? '');
    // The FPS item an SQL problem is, named like a refusal's `{where}`.
    if (k === 'problem' && code === 'IMPORT_LANGUAGE_UNJUDGEABLE') return importPlace(value, locale === 'en-US' ? 'en' : 'zh');
    const field = k === 'field' ? FIELD_NAMES[value] : undefined;
    return field ? (locale === 'en-US' ? field.en : field.zh) : value;
  });
}

export function isErrorCode(s: string): s is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, s);
}
