const APP_VERSION = '1.0.0';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">
      <p>capshelf v{APP_VERSION}</p>
      <p>图片版权归原作者及来源网站所有，仅供学习和个人非商业用途使用。</p>
    </footer>
  );
}
